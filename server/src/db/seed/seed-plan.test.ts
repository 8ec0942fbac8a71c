import { describe, expect, it } from 'vitest';
import { SEED_CATALOGUE } from './catalogue';
import { DEMO_ARTIST, DEMO_ARTIST_TRACKS } from './demo-account';
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
