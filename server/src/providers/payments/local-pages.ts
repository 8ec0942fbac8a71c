/**
 * Where the local provider's hosted pages live (decision 0234): Klang's stand-ins for Stripe's
 * checkout page and customer portal, under one prefix. They are HTML the browser is sent to, not
 * calls of the app, so they are not entries of the endpoint contract; the provider mints their
 * URLs and `modules/payments` serves them.
 */
export const LOCAL_PAGES_PREFIX = '/payments/local';

export const LOCAL_PAGES = {
  /** `/{session id}` shows and pays a checkout session, `/{session id}/cancel` leaves it. */
  checkout: `${LOCAL_PAGES_PREFIX}/checkout`,
  /** The customer portal's stand-in, for the signed-in account. */
  billing: `${LOCAL_PAGES_PREFIX}/billing`,
} as const;

/**
 * The same pages' addresses before issue 22 moved them. A checkout session lives a day and may be
 * open in a tab (a form posted from it, its cancel link), so they answer 308 to the new address,
 * method and body kept; once every session minted before the move has expired they can go.
 */
export const PRE_ISSUE_22_LOCAL_PAGES = {
  checkout: '/checkout/local',
  billing: '/billing/local',
} as const;
