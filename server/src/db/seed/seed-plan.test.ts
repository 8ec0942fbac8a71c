import { describe, expect, it } from 'vitest';
import { SEED_CATALOGUE } from './catalogue';
import { DEMO_ARTIST, DEMO_ARTIST_TRACKS } from './demo-account';
import { dealTiming, planQuickListeners } from './seed-deals';
import { planSeed } from './seed-plan';

const withDemo = {
  ...SEED_CATALOGUE,
  artists: [...SEED_CATALOGUE.artists, DEMO_ARTIST],
  tracks: [...SEED_CATALOGUE.tracks, ...DEMO_ARTIST_TRACKS],
};

describe('the seed plan', () => {
  const plan = planSeed(withDemo, DEMO_ARTIST.key);

  it("gives each of the demo account's tracks plays, likes, skips and library adds from others", () => {
    for (const track of DEMO_ARTIST_TRACKS) {
      const heard = plan.plays.filter((p) => p.trackKey === track.key);
      const rated = plan.interactions.filter((i) => i.trackKey === track.key);
      expect(heard.length).toBeGreaterThan(3);
      expect(rated.filter((i) => i.type === 'like').length).toBeGreaterThan(0);
      expect(rated.filter((i) => i.type === 'dislike').length).toBeGreaterThan(0);
      expect(rated.some((i) => i.addedToLibrary)).toBe(true);
      expect(heard.every((p) => p.userKey !== DEMO_ARTIST.key)).toBe(true);
      // A rating implies the track was served to that user first.
      for (const i of rated) expect(heard.some((p) => p.userKey === i.userKey)).toBe(true);
    }
    expect(plan.follows.some((f) => f.artistKey === DEMO_ARTIST.key)).toBe(true);
  });

  it("leaves the rest of the catalogue's plan as it is without the demo account's tracks", () => {
    const without = planSeed({ ...withDemo, tracks: SEED_CATALOGUE.tracks }, DEMO_ARTIST.key);
    const demoKeys = new Set(DEMO_ARTIST_TRACKS.map((t) => t.key));
    expect(plan.interactions.filter((i) => !demoKeys.has(i.trackKey))).toEqual(without.interactions);
    expect(plan.plays.filter((p) => !demoKeys.has(p.trackKey))).toEqual(without.plays);
    expect(plan.follows.filter((f) => f.artistKey !== DEMO_ARTIST.key)).toEqual(without.follows);
  });
});

describe('the quick listeners and the deals', () => {
  const plan = planSeed(withDemo, DEMO_ARTIST.key);
  const quick = planQuickListeners(withDemo);

  it("gives each of the demo account's tracks 5+ listeners who rated it, ending at varied places", () => {
    for (const track of DEMO_ARTIST_TRACKS) {
      const rated = [...plan.interactions, ...quick.interactions].filter((i) => i.trackKey === track.key);
      expect(new Set(rated.map((i) => i.userKey)).size).toBeGreaterThanOrEqual(5);
      const ends = rated.map(
        (i) => dealTiming(i.userKey, i.trackKey, i.type === 'like' ? 'like' : 'skip', 45_000).endPositionMs,
      );
      expect(new Set(ends).size).toBeGreaterThanOrEqual(5);
    }
  });

  it('gives the chart one listener over 95 % of 50+ ratings, one quick liker and one new account', () => {
    const byUser = (key: string) => quick.interactions.filter((i) => i.userKey === key);
    const eager = byUser('loopfeed');
    expect(eager.length).toBeGreaterThanOrEqual(50);
    expect(eager.filter((i) => i.type === 'like').length / eager.length).toBeGreaterThan(0.95);
    expect(eager.every((i) => i.daysAgo < 30)).toBe(true);
    expect(byUser('tapdancer').some((i) => i.type === 'like')).toBe(true);
    expect(byUser('firstnight').every((i) => i.daysAgo === 0)).toBe(true);
    // A rating implies a play, and each listener's loyalty is what the ratings earned.
    for (const i of quick.interactions)
      expect(quick.plays.some((p) => p.userKey === i.userKey && p.trackKey === i.trackKey)).toBe(true);
    expect(quick.users.get('loopfeed')?.likes).toBe(eager.filter((i) => i.type === 'like').length);
  });

  it('draws skips mostly early, likes mostly after 10 s, quick likes under it, never past the end', () => {
    const skips = plan.plays.map((p) => dealTiming(p.userKey, p.trackKey, 'skip', 60_000));
    const early = skips.filter((s) => s.endPositionMs < 12_000).length / skips.length;
    expect(early).toBeGreaterThan(0.45);
    expect(skips.some((s) => s.endPositionMs > 40_000)).toBe(true);
    const likes = plan.plays.map((p) => dealTiming(p.userKey, p.trackKey, 'like', 60_000));
    expect(
      likes.filter((l) => (l.listenedBeforeLikeMs ?? 0) >= 10_000).length / likes.length,
    ).toBeGreaterThan(0.85);
    for (const l of [...likes, ...skips]) expect(l.endPositionMs).toBeLessThanOrEqual(60_000);
    for (const l of likes) expect(l.endPositionMs).toBe(l.listenedBeforeLikeMs);
    const quickLike = dealTiming('tapdancer', 'any', 'like', 60_000, 'too-quick');
    expect(quickLike.listenedBeforeLikeMs).toBeLessThan(10_000);
    // The same deal draws the same timing every time.
    expect(dealTiming('marta', 'x', 'skip', 60_000)).toEqual(dealTiming('marta', 'x', 'skip', 60_000));
  });
});
