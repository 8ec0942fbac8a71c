import { z } from 'zod';
import { PRODUCT_NAME } from '../brand';
import { blindTrackSchema, revealSchema } from './player.schema';

/**
 * Blind shares (issue 32 item 4, decision 0307): after a like, a listener shares a link that
 * opens the track blind for whoever follows it. The link names nothing: a friend hears the track
 * masked and must like it to learn who made it; the link expires when the artist takes the track
 * out of the player.
 */
export const BLIND_SHARE_MESSAGES = {
  notYours: 'Like a track to share it',
  expired: 'This share link has expired',
  expiredDetail: 'The artist has taken the track out of the player. There is more to hear blind in Discover.',
  invalidLink: 'This share link is not valid',
  trackInvalid: 'Choose a track to share',
  linkCopied: 'Link copied',
  linkCopiedDetail: 'Whoever opens it hears the track blind, and learns who made it only by liking it.',
  shareFailed: 'Could not share the track. Please try again.',
  yours:
    'This is your track. Whoever opens the link hears it blind, and learns it is yours only by liking it.',
  previewPlay: 'Hear 30 seconds blind',
  previewPause: 'Pause the preview',
  previewResume: 'Play the preview',
  previewLabel: 'Blind preview',
  previewEnded:
    'That was half a minute, blind. Sign up free to hear it all, and like it to find out who made it.',
  previewFailed: 'The preview could not play. Please try again.',
  embedEnded: 'That was half a minute, blind. Hear it all, and like it to find out who made it.',
} as const;

/** A signed-out visitor hears this much of a shared track, blind (decision 0308). */
export const BLIND_SHARE_RULES = {
  previewSeconds: 30,
  /** How long a preview's URL plays: long enough to start and seek, and no longer. */
  previewUrlSeconds: 300,
} as const;

/** A share's token: 16 random bytes, base64url. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** A share link's path on the site. */
export const SHARE_LINK_PATH = /^\/s\/[A-Za-z0-9_-]{22}\/?$/;

/** A share's embeddable blind player on the site (decision 0308): the preview, in a frame. */
export const EMBED_LINK_PATH = /^\/embed\/[A-Za-z0-9_-]{22}\/?$/;

/** The embedded player's frame: as wide as a blog's column allows, one card high. */
export const BLIND_SHARE_EMBED = { width: 480, height: 200 } as const;

/**
 * What a share link's preview says wherever it is posted (Open Graph): the same for every link,
 * so a preview can name nothing.
 */
export const BLIND_SHARE_CARD = {
  title: `A blind track on ${PRODUCT_NAME}`,
  description: 'Someone shared a track with you, blind. Hear it, and like it to find out who made it.',
} as const;

export const createShareRequestSchema = z.object({ trackId: z.uuid(BLIND_SHARE_MESSAGES.trackInvalid) });
export type CreateShareRequest = z.infer<typeof createShareRequestSchema>;

/** The share of a liked track: its token, for the link `/s/<token>`. One per listener and track. */
export const blindShareSchema = z.object({ token: z.string().regex(SHARE_TOKEN) });
export type BlindShare = z.infer<typeof blindShareSchema>;

export const shareParamsSchema = z.object({
  token: z.string().regex(SHARE_TOKEN, BLIND_SHARE_MESSAGES.invalidLink),
});

/** What anyone may know of a shared track before liking it: that it plays, and its length. */
export const sharedTrackSchema = z.object({ durationMs: z.number().int().nullable() });
export type SharedTrack = z.infer<typeof sharedTrackSchema>;

export const OEMBED_MESSAGES = {
  notOurs: `This address is not a ${PRODUCT_NAME} share link`,
  xmlUnsupported: 'Only the JSON format is available',
} as const;

/**
 * oEmbed (oembed.com §2.2) for a share link or its embed: a blog or a chat that finds the link
 * asks here for the frame to show. Only JSON is answered.
 */
export const oembedQuerySchema = z.object({
  url: z.string().max(2048),
  format: z.literal('json', OEMBED_MESSAGES.xmlUnsupported).optional(),
  maxwidth: z.coerce.number().int().positive().max(10_000).optional(),
  maxheight: z.coerce.number().int().positive().max(10_000).optional(),
});
export type OembedQuery = z.infer<typeof oembedQuerySchema>;

/** A `rich` oEmbed answer: the embedded blind player's frame, titled as every share is. */
export const oembedSchema = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  provider_name: z.string(),
  provider_url: z.string(),
  title: z.string(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Oembed = z.infer<typeof oembedSchema>;

/**
 * A share link's blind preview for anyone (decision 0308): a URL to the fullest stretch of the
 * track, at most `BLIND_SHARE_RULES.previewSeconds` long, and its length in whole seconds. The URL
 * is sealed and different every time; the preview counts in nothing.
 */
export const sharePreviewSchema = z.object({ url: z.string(), durationMs: z.number().int().positive() });
export type SharePreview = z.infer<typeof sharePreviewSchema>;

/**
 * The shared track for a signed-in listener: a blind deal of it (an alias, as any deal), its
 * reveal when they have liked it already, or `yours` for the artist who made it.
 */
export const shareDealResponseSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('track'), track: blindTrackSchema }),
  z.object({ state: z.literal('revealed'), reveal: revealSchema }),
  z.object({ state: z.literal('yours') }),
]);
export type ShareDealResponse = z.infer<typeof shareDealResponseSchema>;
