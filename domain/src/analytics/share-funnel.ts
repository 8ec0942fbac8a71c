import { z } from 'zod';
import { defineEndpoints, endpoint } from '../contract/endpoint';
import { perAddress } from '../contract/policy';

/**
 * The blind share funnel's steps (issue 32 item 6, decision 0309): first-party analytics events
 * the server records itself as each happens, never accepted from a browser. None names a track.
 * Apart from `analytics.schema.ts`, which every page loads.
 */
export const SHARE_EVENT_NAMES = ['share_made', 'share_opened', 'share_previewed', 'share_dealt'] as const;
export type ShareEventName = (typeof SHARE_EVENT_NAMES)[number];

/** The windows the team can look back over. */
export const SHARE_FUNNEL_DAYS = [7, 30, 90] as const;

export const shareFunnelQuerySchema = z.object({
  days: z.coerce
    .number()
    .pipe(z.union(SHARE_FUNNEL_DAYS.map((days) => z.literal(days))))
    .default(30),
});

const funnelCounts = {
  /** Links made (sharing a track again gives the same link, counted once). */
  sharesMade: z.number().int().nonnegative(),
  /** Share pages opened, by anyone. */
  opens: z.number().int().nonnegative(),
  /** Blind previews played, by visitors and in embeds. */
  previews: z.number().int().nonnegative(),
  /** Shared tracks dealt to signed-in listeners. */
  sharedDeals: z.number().int().nonnegative(),
  /** Listeners whose first deal ever came from a share link: the signups a share brought in. */
  newListeners: z.number().int().nonnegative(),
};

/** The team's view of the share funnel over the last `days` UTC days, today included. */
export const shareFunnelSchema = z.object({
  days: z.number().int().positive(),
  ...funnelCounts,
  /** Likes of deals (each one a reveal): the base of shares per reveal. */
  reveals: z.number().int().nonnegative(),
  /** Likes of shared deals: friends who liked the track blind. */
  sharedLikes: z.number().int().nonnegative(),
  /** sharesMade / reveals; null without a reveal. */
  sharesPerReveal: z.number().nonnegative().nullable(),
  /** newListeners / (previews + sharedDeals); null without a shared play. */
  signupsPerSharedPlay: z.number().nonnegative().nullable(),
  /** One row per UTC day of the window, oldest first, every day listed. */
  daily: z.array(z.object({ day: z.iso.date(), ...funnelCounts })),
});
export type ShareFunnel = z.infer<typeof shareFunnelSchema>;

export const SHARE_FUNNEL_MESSAGES = {
  teamOnly: 'This page is for the Klang team',
} as const;

/** The team's pages (admins only). */
export const adminEndpoints = defineEndpoints({
  shareFunnel: endpoint({
    method: 'GET',
    path: '/api/admin/share-funnel',
    policy: {
      access: 'admin',
      refusal: SHARE_FUNNEL_MESSAGES.teamOnly,
      limit: perAddress(30, '1 minute'),
      cache: 'no-store',
    },
    query: shareFunnelQuerySchema,
    response: { 200: shareFunnelSchema },
    tags: ['analytics'],
    summary: 'The blind share funnel of the last 7, 30 or 90 days (admins only)',
  }),
});
