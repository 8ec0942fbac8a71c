import { accountFunctionsEndpoints, paymentsEndpoints, type ArtistSignup, type Session } from '@klang/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One query-key factory for the artist's plan and the checkout that leads to it. */
export const paymentsKeys = {
  all: ['payments'] as const,
  subscription: () => [...paymentsKeys.all, 'subscription'] as const,
  checkoutSignupState: () => [...paymentsKeys.all, 'checkout-signup-state'] as const,
};

/** Whether this browser holds a temporary checkout user (spec 000 §2: the signup's title). */
export function useCheckoutSignupState() {
  return useQuery({
    queryKey: paymentsKeys.checkoutSignupState(),
    queryFn: () => api.call(paymentsEndpoints.checkoutSignupState),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type SignupStage = 'linking' | 'creating' | 'welcome';

/**
 * Spec 001 §4 Artist signup (completion), in the spec's order: the temporary user takes the real
 * email (update-user-email), becomes the artist with the trial (profile rows, tier), then the
 * welcome email is sent; an email that cannot be sent is skipped with a warning.
 */
export async function completeCheckoutSignup(
  input: { userId: string; sessionId: string | null; values: ArtistSignup },
  onStage: (stage: SignupStage) => void,
): Promise<Session> {
  const { values } = input;
  onStage('linking');
  await api.call(accountFunctionsEndpoints.updateUserEmail, {
    body: { userId: input.userId, newEmail: values.email },
  });
  onStage('creating');
  const session = await api.call(paymentsEndpoints.completeCheckoutSignup, {
    body: { ...values, session_id: input.sessionId },
  });
  onStage('welcome');
  try {
    await api.call(accountFunctionsEndpoints.sendEmail, {
      body: {
        emailType: 'welcome',
        to: session.user.email,
        data: {
          artistName: values.artistName,
          username: values.username,
          dashboardUrl: `${window.location.origin}/profile`,
          supportUrl: `${window.location.origin}/contact`,
        },
      },
    });
  } catch (error) {
    console.warn('Welcome email not sent', error);
  }
  return session;
}

const fetchSubscriptionState = () => api.call(paymentsEndpoints.subscription);

/** The Subscription tab (Settings): plan, status, renewal or trial end. */
export function useSubscriptionState(enabled: boolean) {
  return useQuery({ queryKey: paymentsKeys.subscription(), queryFn: fetchSubscriptionState, enabled });
}

/** Reads the plan afresh: true once the provider's subscription is live (trialing or active). */
export async function isSubscriptionLive(client: QueryClient): Promise<boolean> {
  const state = await client.query({
    queryKey: paymentsKeys.subscription(),
    queryFn: fetchSubscriptionState,
    staleTime: 0,
  });
  return state.status === 'trialing' || state.status === 'active';
}

/** Cancel at period end, or resume; the answer is the new state. */
export function useSetCancelAtPeriodEnd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cancel: boolean) =>
      api.call(cancel ? paymentsEndpoints.cancelSubscription : paymentsEndpoints.resumeSubscription),
    onSuccess: (state) => {
      client.setQueryData(paymentsKeys.subscription(), state);
    },
  });
}

/** Opens billing management: Stripe's customer portal, or Klang's local billing page. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: async () => {
      const { url } = await api.call(paymentsEndpoints.billingPortal);
      window.location.assign(url);
    },
  });
}
