/**
 * The offline discovery pack (issue 32 item 3, decision 0305): a few blind deals dealt at once,
 * their audio saved on the device under neutral names, played where there is no network. Their
 * verdicts wait on the device and reach the server when it is back; so does every reveal. The
 * numbers and words the server, the web app and the tests share.
 */
import { z } from 'zod';
import { DEAL_ENDINGS } from './deal-rules';
import { blindTrackSchema, positionMsSchema, revealSchema } from './player.schema';

export const OFFLINE_PACK_RULES = {
  /** Tracks in a pack unless the listener picks another size. */
  sizeDefault: 10,
  sizeMax: 20,
  /** The sizes the web app offers. */
  sizes: [5, 10, 20],
  /**
   * A pack's verdicts are taken this long after it was dealt, and not after: its deals are
   * grants like any other, with a lifetime (the device's audio is deleted then too).
   */
  lifetimeHours: 72,
} as const;

export const OFFLINE_PACK_MESSAGES = {
  sizeInvalid: `Choose between 1 and ${String(OFFLINE_PACK_RULES.sizeMax)} tracks`,
  unknownPack: 'This offline pack is not yours or no longer exists',
  expired: `This offline pack is over ${String(OFFLINE_PACK_RULES.lifetimeHours)} hours old: what you played offline could not be counted`,
  nothingToSave: 'There is nothing new to save: you have heard the whole deck. Check back soon.',
  revealOnline: "Revealed when you're back online",
  wifiOnly: "You're on mobile data. Connect to Wi-Fi, or allow mobile data for packs.",
  saveFailed: 'The pack could not be saved on this device. Free some space and try again.',
  offlineEmpty: "You're offline, and your offline pack is played. Save a new pack when you're back online.",
  offlineNoPack: "You're offline. Save an offline pack while you're online to discover on the way.",
} as const;

export const offlinePackRequestSchema = z.object({
  size: z
    .number(OFFLINE_PACK_MESSAGES.sizeInvalid)
    .int(OFFLINE_PACK_MESSAGES.sizeInvalid)
    .min(1, OFFLINE_PACK_MESSAGES.sizeInvalid)
    .max(OFFLINE_PACK_RULES.sizeMax, OFFLINE_PACK_MESSAGES.sizeInvalid)
    .default(OFFLINE_PACK_RULES.sizeDefault),
});
export type OfflinePackRequest = z.infer<typeof offlinePackRequestSchema>;

/**
 * A pack dealt: its id, until when its verdicts are taken, and its tracks, each a deal's alias,
 * its length in whole seconds and a stream grant to fetch its audio now (decision 0131: a path
 * and a padded length of its own). Fewer tracks than asked when the deck has no more; none at all
 * when the listener has heard it all.
 */
export const offlinePackSchema = z.object({
  id: z.uuid(),
  expiresAt: z.iso.datetime(),
  tracks: z.array(blindTrackSchema.extend({ url: z.string() })),
});
export type OfflinePack = z.infer<typeof offlinePackSchema>;

/** One track's verdict as the device kept it offline: how it ended and where the listener was. */
export const offlinePackVerdictSchema = z.object({
  trackId: z.uuid(),
  ending: z.enum(DEAL_ENDINGS),
  positionMs: positionMsSchema,
});
export type OfflinePackVerdict = z.infer<typeof offlinePackVerdictSchema>;

/** The verdicts played since the last sync, in the order they were played. */
export const offlinePackSyncRequestSchema = z.object({
  verdicts: z.array(offlinePackVerdictSchema).min(1).max(OFFLINE_PACK_RULES.sizeMax),
});
export const offlinePackParamsSchema = z.object({ packId: z.uuid() });

/**
 * What became of each verdict: `recorded` (now or by an earlier sync of the same verdict), with
 * the reveal of a liked track; `unknown` for an id that is not one of the pack's tracks.
 */
export const offlinePackSyncResponseSchema = z.object({
  results: z.array(
    z.object({
      trackId: z.uuid(),
      state: z.enum(['recorded', 'unknown']),
      reveal: revealSchema.nullable(),
    }),
  ),
  /** The K-Points these verdicts earned together. */
  pointsAwarded: z.number().int().min(0),
});
export type OfflinePackSyncResult = z.infer<typeof offlinePackSyncResponseSchema>;
