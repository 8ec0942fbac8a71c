import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEndpoints,
  analyticsEndpoints,
  catalogueEndpoints,
  demoTracksEndpoints,
  fillPath,
  followsEndpoints,
  formsEndpoints,
  healthEndpoints,
  hooksEndpoints,
  loyaltyEndpoints,
  playerEndpoints,
  type Endpoint,
} from '@klang/domain';
import { nextAddress } from './accounts-helpers';
import { createTestApp, type TestApp } from './app';

/**
 * A route's session guard, its rate limit and the player's no-store are route options, not part
 * of its path, so a URL that moves (issue 22) must take them along. Each route is reached here by
 * its contract entry, wherever the entry's path now points: a move that registers the route
 * without its guard or its limit fails this table, not a user. The like, skip and leave limits
 * had no route test before; the anonymity tests reach the same routes by their paths.
 */

interface Guard {
  /** A request without a session cookie is refused with 401 before anything else. */
  session: boolean;
  /** Requests from one address within the window before the next is refused with 429. */
  limit?: number;
  /** The Cache-Control every answer carries, a refusal included. */
  cacheControl?: string;
}

const signedIn = { session: true } as const;
const publicRoute = { session: false } as const;
/** The player's answers are one listener's, once (player.routes.ts). */
const player = { session: true, cacheControl: 'no-store' } as const;

const GUARDS: Record<string, Guard> = {
  // player
  nextTrack: { ...player, limit: 240 },
  chartDeal: { ...player, limit: 240 },
  taste: player,
  setDoorGenres: { ...player, limit: 30 },
  resetTaste: { ...player, limit: 30 },
  likeTrack: { ...player, limit: 120 },
  dislikeTrack: { ...player, limit: 120 },
  leaveTrack: { ...player, limit: 120 },
  skipReason: { ...player, limit: 30 },
  markMoment: { ...player, limit: 30 },
  dealOfflinePack: { ...player, limit: 6 },
  syncOfflinePack: { ...player, limit: 30 },
  createShare: { ...player, limit: 30 },
  // A share link opens to anyone, naming nothing (decision 0307).
  sharedTrack: { session: false, limit: 60, cacheControl: 'no-store' },
  sharePreview: { session: false, limit: 20, cacheControl: 'no-store' },
  shareOembed: { session: false, limit: 60, cacheControl: 'no-store' },
  shareCardImage: { session: false, limit: 60 },
  shareDeal: { ...player, limit: 240 },
  removeFromLibrary: player,
  secureTrackAccess: { ...player, limit: 240 },
  secureListeningXp: { ...player, limit: 30 },
  // catalogue: artist pages and the chart method are public (spec 001 §4)
  chart: signedIn,
  library: signedIn,
  artistPage: publicRoute,
  artistPageByUrl: publicRoute,
  followedArtists: signedIn,
  chartMethod: publicRoute,
  // follows
  followArtist: { session: true, limit: 60 },
  unfollowArtist: { session: true, limit: 60 },
  // loyalty: the daily login's points are once a day by the service's rule
  loyaltyCard: signedIn,
  dailyLogin: signedIn,
  // forms: public, each submission limited per address
  captchaConfig: publicRoute,
  captchaChallenge: { session: false, limit: 60 },
  submitContact: { session: false, limit: 10 },
  submitBugReport: { session: false, limit: 10 },
  // demo tracks
  demoTracks: { session: false, limit: 60 },
  revealDemoTrack: { session: false, limit: 60 },
  // health
  health: publicRoute,
  readiness: publicRoute,
  // analytics
  recordAnalyticsEvent: { session: false, limit: 120 },
  // The team's share funnel: an admin's, never cached (decision 0309).
  shareFunnel: { session: true, limit: 30, cacheControl: 'no-store' },
  trackHooks: signedIn,
  trackHooksCsv: signedIn,
  trackAbTest: signedIn,
  startAbTest: { ...signedIn, limit: 20 },
  stopAbTest: { ...signedIn, limit: 20 },
  trackAbTestCsv: signedIn,
};

const ENTRIES: Endpoint[] = [
  playerEndpoints,
  catalogueEndpoints,
  followsEndpoints,
  loyaltyEndpoints,
  formsEndpoints,
  demoTracksEndpoints,
  healthEndpoints,
  analyticsEndpoints,
  hooksEndpoints,
  adminEndpoints,
].flatMap((table) => Object.values<Endpoint>(table));

/** The entry's URL with a placeholder value for each parameter: a guard answers before a lookup. */
function urlOf(entry: Endpoint): string {
  const params: Record<string, string> = {};
  for (const [, name = ''] of entry.path.matchAll(/:(\w+)/g)) {
    params[name] =
      name === 'artistUrl' ? 'nobody-here' : name === 'token' ? 'A'.repeat(22) : crypto.randomUUID();
  }
  return fillPath(entry.path, params);
}

describe('the guards of the moved routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (entry: Endpoint, remoteAddress: string) =>
    t.app.inject({
      method: entry.method,
      url: urlOf(entry),
      remoteAddress,
      ...(entry.method === 'GET' || entry.method === 'DELETE' ? {} : { payload: {} }),
    });

  it('names the guard of every entry of these areas, and only of these', () => {
    expect(ENTRIES.map((entry) => entry.name).sort()).toEqual(Object.keys(GUARDS).sort());
  });

  it.each(ENTRIES.map((entry) => [entry.name, entry] as const))(
    '%s keeps its session guard and its cache policy',
    async (name, entry) => {
      const guard = GUARDS[name];
      const response = await send(entry, nextAddress());
      if (guard?.session) expect(response.statusCode).toBe(401);
      else expect(response.statusCode).not.toBe(401);
      if (guard?.cacheControl) expect(response.headers['cache-control']).toBe(guard.cacheControl);
    },
  );

  const limited = ENTRIES.filter((entry) => GUARDS[entry.name]?.limit !== undefined);
  it.each(limited.map((entry) => [entry.name, entry] as const))(
    '%s keeps its rate limit, counted per address',
    async (name, entry) => {
      const limit = GUARDS[name]?.limit ?? 0;
      const address = nextAddress();
      const statuses = new Set<number>();
      for (let i = 0; i < limit; i++) statuses.add((await send(entry, address)).statusCode);
      expect(statuses.has(429)).toBe(false);
      expect((await send(entry, address)).statusCode).toBe(429);
      // Another address has its own count.
      expect((await send(entry, nextAddress())).statusCode).not.toBe(429);
    },
  );
});
