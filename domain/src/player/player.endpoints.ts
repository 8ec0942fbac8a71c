import { z } from 'zod';
import { binary, defineEndpoints, endpoint } from '../contract/endpoint';
import { perAddress } from '../contract/policy';
import {
  chartDealRequestSchema,
  chartDealResponseSchema,
  dislikeRequestSchema,
  dislikeResponseSchema,
  leaveRequestSchema,
  likeRequestSchema,
  listeningXpRequestSchema,
  listeningXpResponseSchema,
  nextTrackQuerySchema,
  nextTrackResponseSchema,
  revealSchema,
  secureTrackAccessRequestSchema,
  secureTrackAccessResponseSchema,
  trackParamsSchema,
} from './player.schema';
import { setDoorGenresRequestSchema, tasteSummarySchema } from './taste';
import { blindNoteResponseSchema, momentRequestSchema, skipReasonRequestSchema } from './blind-notes';
import {
  offlinePackParamsSchema,
  offlinePackRequestSchema,
  offlinePackSchema,
  offlinePackSyncRequestSchema,
  offlinePackSyncResponseSchema,
} from './offline-pack';
import {
  blindShareSchema,
  createShareRequestSchema,
  shareDealResponseSchema,
  shareParamsSchema,
  oembedQuerySchema,
  oembedSchema,
  sharePreviewSchema,
  sharedTrackSchema,
} from './blind-share';

/**
 * The Discover player's endpoints (spec 000 §4 and §7, spec 001 §4): the deal, the ratings, the
 * library's removal, and the spec's two functions the player calls. Before a like a track is
 * named only by the alias of its deal (decision 0130).
 */
export const playerEndpoints = defineEndpoints({
  nextTrack: endpoint({
    method: 'GET',
    path: '/api/player/next',
    // Deals, grants and reveals are one listener's, once: no cache may keep or share them. A person
    // deals a track every few seconds; a filter no track matches makes the deal scan the deck, so a
    // script asking for impossible filters in a loop is held to a person's pace.
    policy: { access: 'session', limit: perAddress(240, '1 minute'), cache: 'no-store' },
    query: nextTrackQuerySchema,
    response: { 200: nextTrackResponseSchema },
    tags: ['player'],
  }),
  /**
   * A masked chart row played blind (issue 30, decision 0288): a deal of the track at that place
   * of the chart the caller sees, named by its alias like any deal, played, liked and skipped
   * the same way; it counts neither in the deck's exposure nor in the blind verdict.
   */
  chartDeal: endpoint({
    method: 'POST',
    path: '/api/player/chart-deal',
    // A chart's blind play is a deal too, held to the same pace.
    policy: { access: 'session', limit: perAddress(240, '1 minute'), cache: 'no-store' },
    body: chartDealRequestSchema,
    response: { 200: chartDealResponseSchema },
    tags: ['player'],
  }),
  /** What the deck has learned of the caller's taste (decision 0285): bands, never a track. */
  taste: endpoint({
    method: 'GET',
    path: '/api/player/taste',
    policy: { access: 'session', limit: null, cache: 'no-store' },
    response: { 200: tasteSummarySchema },
    tags: ['player'],
  }),
  /** The genres the deck starts from (the door's optional pick); replaces any before. */
  setDoorGenres: endpoint({
    method: 'PUT',
    path: '/api/player/taste/door',
    // The taste's door and reset each re-read the listener's deals: a person taps them, a script
    // looping on them would only spend the database.
    policy: { access: 'session', limit: perAddress(30, '1 minute'), cache: 'no-store' },
    body: setDoorGenresRequestSchema,
    response: { 200: tasteSummarySchema },
    tags: ['player'],
  }),
  /** Forgets what the deck learned: it deals by the population's rates until it learns again. */
  resetTaste: endpoint({
    method: 'DELETE',
    path: '/api/player/taste',
    policy: { access: 'session', limit: perAddress(30, '1 minute'), cache: 'no-store' },
    response: { 200: tasteSummarySchema },
    tags: ['player'],
  }),
  likeTrack: endpoint({
    method: 'POST',
    path: '/api/player/tracks/:trackId/like',
    policy: { access: 'session', limit: perAddress(120, '1 minute'), cache: 'no-store' },
    params: trackParamsSchema,
    body: likeRequestSchema,
    response: { 200: revealSchema },
    tags: ['player'],
  }),
  /** A skip. */
  dislikeTrack: endpoint({
    method: 'POST',
    path: '/api/player/tracks/:trackId/dislike',
    policy: { access: 'session', limit: perAddress(120, '1 minute'), cache: 'no-store' },
    params: trackParamsSchema,
    body: dislikeRequestSchema,
    response: { 200: dislikeResponseSchema },
    tags: ['player'],
  }),
  /** The listener left a dealt track unrated (decision 0190); sent as the page hides. */
  leaveTrack: endpoint({
    method: 'POST',
    path: '/api/player/tracks/:trackId/leave',
    policy: { access: 'session', limit: perAddress(120, '1 minute'), cache: 'no-store' },
    params: trackParamsSchema,
    body: leaveRequestSchema,
    response: { 204: z.null() },
    tags: ['player'],
  }),
  /**
   * Blind Notes (decision 0302): why the caller skipped one of their deals, one of six reasons,
   * shortly after the skip; the first reason is final.
   */
  skipReason: endpoint({
    method: 'POST',
    path: '/api/player/tracks/:trackId/skip-reason',
    // Blind Notes (decision 0302): a person gives a reason after some skips and marks a moment now
    // and then; a script tapping them is held well below a person's pace of ratings.
    policy: { access: 'session', limit: perAddress(30, '1 minute'), cache: 'no-store' },
    params: trackParamsSchema,
    body: skipReasonRequestSchema,
    response: { 200: blindNoteResponseSchema },
    tags: ['player'],
  }),
  /**
   * Blind Notes: "this moment" in a deal the caller is listening to, at a position the server
   * clamps to what it served. Not a like, and it reveals nothing.
   */
  markMoment: endpoint({
    method: 'POST',
    path: '/api/player/tracks/:trackId/moment',
    policy: { access: 'session', limit: perAddress(30, '1 minute'), cache: 'no-store' },
    params: trackParamsSchema,
    body: momentRequestSchema,
    response: { 200: blindNoteResponseSchema },
    tags: ['player'],
  }),
  /**
   * Takes a liked track out of the library: the player's rule (the like's own `addToLibrary`
   * flag and the track's counters, decision 0230), undone from the reveal card or the library.
   */
  removeFromLibrary: endpoint({
    method: 'DELETE',
    path: '/api/player/tracks/:trackId/library',
    policy: { access: 'session', limit: null, cache: 'no-store' },
    params: trackParamsSchema,
    response: { 204: z.null() },
    tags: ['player'],
  }),
  /**
   * An offline pack (decision 0305): `size` blind deals at once, each with a grant to fetch its
   * audio now, to be played where there is no network. Its tracks leave the caller's deck.
   */
  dealOfflinePack: endpoint({
    method: 'POST',
    path: '/api/player/offline-packs',
    // An offline pack (decision 0305) deals up to twenty tracks at once: a person saves one before a
    // journey, not dozens an hour. Its sync rates up to twenty deals, and is retried after a lost
    // answer, so it is held to a few a minute.
    policy: { access: 'session', limit: perAddress(6, '1 hour'), cache: 'no-store' },
    body: offlinePackRequestSchema,
    response: { 200: offlinePackSchema },
    tags: ['player'],
  }),
  /**
   * What the caller played of a pack offline: the only way its deals are rated. Taken while the
   * pack lasts, once per track (a repeat answers as the first did); likes come back revealed.
   */
  syncOfflinePack: endpoint({
    method: 'POST',
    path: '/api/player/offline-packs/:packId/verdicts',
    policy: { access: 'session', limit: perAddress(30, '1 minute'), cache: 'no-store' },
    params: offlinePackParamsSchema,
    body: offlinePackSyncRequestSchema,
    response: { 200: offlinePackSyncResponseSchema },
    tags: ['player'],
  }),
  /** Shares a track the caller liked (or made) as a blind link (decision 0307). */
  createShare: endpoint({
    method: 'POST',
    path: '/api/player/shares',
    // Sharing is a person's gesture after a like (decision 0307).
    policy: { access: 'session', limit: perAddress(30, '1 hour'), cache: 'no-store' },
    body: createShareRequestSchema,
    response: { 200: blindShareSchema },
    tags: ['player'],
  }),
  /** A share link as anyone sees it: whether it still plays, and nothing that names the track. */
  sharedTrack: endpoint({
    method: 'GET',
    path: '/api/player/shares/:token',
    // Opening a link is public and names nothing, held to a pace that makes guessing tokens pointless
    // on top of their 128 random bits.
    policy: { access: 'public', limit: perAddress(60, '1 minute'), cache: 'no-store' },
    params: shareParamsSchema,
    response: { 200: sharedTrackSchema },
    tags: ['player'],
  }),
  /** A share link's blind preview, for anyone: the fullest half-minute, counted in nothing (decision 0308). */
  sharePreview: endpoint({
    method: 'POST',
    path: '/api/player/shares/:token/preview',
    // A preview is a few hundred kilobytes read from storage: a visitor plays it a few times, a
    // script looping on it would only spend the disk.
    policy: { access: 'public', limit: perAddress(20, '1 minute'), cache: 'no-store' },
    params: shareParamsSchema,
    response: { 200: sharePreviewSchema },
    tags: ['player'],
  }),
  /**
   * The one picture every share link's preview shows (decision 0308): a masked track beside the
   * brand, the same for every link, naming nothing.
   */
  shareCardImage: endpoint({
    method: 'GET',
    path: '/api/player/share-card.png',
    // The same picture for every link: any cache may keep it.
    policy: { access: 'public', limit: perAddress(60, '1 minute'), cache: 'public, max-age=86400' },
    response: binary('image/png'),
    tags: ['player'],
  }),
  /** oEmbed for a share link (decision 0308): the embedded blind player's frame, naming nothing. */
  shareOembed: endpoint({
    method: 'GET',
    path: '/api/oembed',
    // oEmbed is asked by a blog's editor or a chat's link unfurler, a few times per link posted.
    policy: { access: 'public', limit: perAddress(60, '1 minute'), cache: 'no-store' },
    query: oembedQuerySchema,
    response: { 200: oembedSchema },
    tags: ['player'],
  }),
  /**
   * The shared track dealt blind to the signed-in caller, as a chart's play is: counted in no
   * exposure and no verdict; or its reveal, when they already know it.
   */
  shareDeal: endpoint({
    method: 'POST',
    path: '/api/player/shares/:token/deal',
    // A shared deal is a deal, at the deck's pace.
    policy: { access: 'session', limit: perAddress(240, '1 minute'), cache: 'no-store' },
    params: shareParamsSchema,
    response: { 200: shareDealResponseSchema },
    tags: ['player'],
  }),
  secureTrackAccess: endpoint({
    method: 'POST',
    path: '/functions/v1/secure-track-access',
    policy: {
      access: 'session',
      limit: perAddress(240, '1 minute'),
      cache: 'no-store',
      dialect: 'function-with-success',
    },
    body: secureTrackAccessRequestSchema,
    response: { 200: secureTrackAccessResponseSchema },
    tags: ['player'],
  }),
  secureListeningXp: endpoint({
    method: 'POST',
    path: '/functions/v1/secure-listening-xp',
    policy: { access: 'session', limit: perAddress(30, '1 minute'), cache: 'no-store', dialect: 'function' },
    body: listeningXpRequestSchema,
    response: { 200: listeningXpResponseSchema },
    tags: ['player'],
  }),
});
