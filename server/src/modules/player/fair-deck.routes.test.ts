import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextTrackResponseSchema } from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';

const FIRST_LISTENS = 3;

/**
 * Equal first listens (issue 19, decision 0191) on a small catalogue: listeners walk the real
 * deck, skipping and sometimes liking, and after every deal no track has passed
 * 2 × FIRST_LISTENS while another eligible one is under FIRST_LISTENS; each deal went to a track
 * of the lowest count eligible for its listener, while that count was under FIRST_LISTENS.
 */
describe('the fair deck', () => {
  let t: TestApp;
  const tracks: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ FIRST_LISTENS: String(FIRST_LISTENS) });
    const artistId = await insertAccount(t.db, 'artist', { artistName: 'Halden Marr' });
    for (let i = 0; i < 6; i++) tracks.push(await insertTrack(t.db, artistId));
    // Not featured, not ready, deleted: never dealt, never counted against the guarantee.
    await insertTrack(t.db, artistId, { featured: false });
    await insertTrack(t.db, artistId, { status: 'processing' });
    await insertTrack(t.db, artistId, { deleted: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const counts = async (): Promise<Map<string, number>> =>
    new Map(
      (
        await t.db.query<{ id: string; deal_count: number }>(
          `select track_id as id, deal_count from deck_exposure where track_id = any($1::uuid[])`,
          [tracks],
        )
      ).map((r) => [r.id, r.deal_count]),
    );
  const likedBy = async (userId: string): Promise<Set<string>> =>
    new Set(
      (
        await t.db.query<{ track_id: string }>(
          `select track_id from track_interactions where user_id = $1 and interaction_type = 'like'`,
          [userId],
        )
      ).map((r) => r.track_id),
    );
  const trackOf = async (alias: string): Promise<string> => {
    const [row] = await t.db.query<{ track_id: string }>('select track_id from deals where id = $1', [alias]);
    if (!row) throw new Error(`no deal ${alias}`);
    return row.track_id;
  };

  it('deals the least exposed eligible track first, and keeps every track within twice FIRST_LISTENS', async () => {
    let dealsInFairRegime = 0;
    let dealsBeyond = 0;
    for (let l = 0; l < 10; l++) {
      const listener: Client = await signUp(t.app);
      let current: string | null = null;
      for (let swipe = 0; swipe < 6; swipe++) {
        const before = await counts();
        const liked = await likedBy(listener.id);
        const currentTrack = current ? await trackOf(current) : null;
        const eligible = tracks.filter((id) => !liked.has(id) && id !== currentTrack);
        const lowest = Math.min(...eligible.map((id) => before.get(id) ?? 0));

        const next = nextTrackResponseSchema.parse(
          (await listener.get(`/api/player/next${current ? `?current=${current}` : ''}`)).json(),
        );
        if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
        const alias = next.track.id;
        const dealt = await trackOf(alias);
        expect(eligible).toContain(dealt);
        const had = before.get(dealt) ?? 0;
        if (lowest < FIRST_LISTENS) {
          dealsInFairRegime++;
          expect(had, 'a track of the lowest eligible count is dealt').toBe(lowest);
        } else dealsBeyond++;

        const after = await counts();
        expect(after.get(dealt)).toBe(had + 1);
        const values = [...after.values()];
        if (Math.min(...values) < FIRST_LISTENS)
          expect(Math.max(...values)).toBeLessThanOrEqual(2 * FIRST_LISTENS);

        expect(
          (await listener.post('/functions/v1/secure-track-access', { trackId: alias })).statusCode,
        ).toBe(200);
        // A third of the swipes are likes: a liked track leaves that listener's deck.
        const action = swipe % 3 === 2 ? 'like' : 'dislike';
        expect(
          (await listener.post(`/api/player/tracks/${alias}/${action}`, { positionMs: 1000 })).statusCode,
        ).toBe(200);
        current = alias;
      }
    }
    // Every track reached FIRST_LISTENS, and the walk went on into the uniform regime.
    expect(Math.min(...(await counts()).values())).toBeGreaterThanOrEqual(FIRST_LISTENS);
    expect(dealsInFairRegime).toBeGreaterThanOrEqual(6 * FIRST_LISTENS);
    expect(dealsBeyond).toBeGreaterThan(0);
  });

  it('answers the end states as before: every featured track liked', async () => {
    const listener = await signUp(t.app);
    let current: string | null = null;
    for (const _ of tracks) {
      const next = nextTrackResponseSchema.parse(
        (await listener.get(`/api/player/next${current ? `?current=${current}` : ''}`)).json(),
      );
      if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
      await listener.post('/functions/v1/secure-track-access', { trackId: next.track.id });
      expect((await listener.post(`/api/player/tracks/${next.track.id}/like`, {})).statusCode).toBe(200);
      current = next.track.id;
    }
    const end = nextTrackResponseSchema.parse((await listener.get('/api/player/next')).json());
    expect(end.state).toBe('all-liked');
  });
});
