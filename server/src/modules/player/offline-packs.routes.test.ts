import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OFFLINE_PACK_MESSAGES,
  OFFLINE_PACK_RULES,
  nextTrackResponseSchema,
  offlinePackSchema,
  offlinePackSyncResponseSchema,
  type OfflinePack,
} from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { fetchAudio, writeFixtureAudio } from '../../test/listening';

const messageOf = (response: LightMyRequestResponse): string =>
  response.json<{ error: { message: string } }>().error.message;

/** The item at `index`, which the test expects to be there. */
function itemOf<T>(items: readonly (T | undefined)[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`expected an item at ${String(index)}`);
  return item;
}

interface DealRow {
  id: string;
  track_id: string;
  ended_as: string | null;
  end_position_ms: number | null;
}

/**
 * The offline discovery pack through the API (issue 32 item 3, decision 0305), as a listener on
 * the underground uses it and as a script would try to bend it: a pack is deals of the live deck
 * that leave it, rated only by the pack's verdicts, only when downloaded, once, within the pack's
 * lifetime and within the wall clock since its audio was sent; a like is revealed only then.
 * Every fixture track is 60 s long.
 */
describe('offline packs', () => {
  let t: TestApp;
  const artistName = 'Vela Morrow';

  beforeAll(async () => {
    t = await createTestApp();
    const artistId = await insertAccount(t.db, 'artist', { artistName });
    for (let i = 0; i < 10; i++) await insertTrack(t.db, artistId);
  });
  afterAll(async () => {
    await t.close();
  });

  const dealPack = async (client: Client, size?: number): Promise<OfflinePack> => {
    const response = await client.post('/api/player/offline-packs', size === undefined ? {} : { size });
    expect(response.statusCode, response.body).toBe(200);
    return offlinePackSchema.parse(response.json());
  };

  /** The device downloads every track of the pack: each grant's audio is sent once. */
  const download = async (pack: OfflinePack, secondsAgo = 0): Promise<void> => {
    for (const track of pack.tracks) {
      await writeFixtureAudio(t, track.id);
      await fetchAudio(t, track.url);
    }
    if (secondsAgo > 0)
      await t.db.query(
        `update deals set first_served_at = now() - make_interval(secs => $2) where id = any ($1::uuid[])`,
        [pack.tracks.map((track) => track.id), secondsAgo],
      );
  };

  const sync = (client: Client, packId: string, verdicts: unknown[]) =>
    client.post(`/api/player/offline-packs/${packId}/verdicts`, { verdicts });

  const dealsOf = (pack: OfflinePack) =>
    t.db.query<DealRow>(
      `select id, track_id, ended_as, end_position_ms from deals where id = any ($1::uuid[])
       order by array_position($1::uuid[], id)`,
      [pack.tracks.map((track) => track.id)],
    );

  it('deals a pack of blind deals that count as deals and leave the live deck', async () => {
    const listener = await signUp(t.app);
    const before = await t.db.query<{ total: number }>(
      'select coalesce(sum(deal_count), 0)::int as total from deck_exposure',
    );
    const pack = await dealPack(listener, 4);
    expect(pack.tracks).toHaveLength(4);
    // Blind: an alias, a length in whole seconds and a grant; nothing that names the track.
    for (const track of pack.tracks) {
      expect(Object.keys(track).sort()).toEqual(['durationMs', 'id', 'url']);
      expect(track.durationMs).toBe(60_000);
      expect(track.url).toMatch(/^\/media\/stream\//);
      expect(track.url).not.toContain(track.id);
    }
    expect(JSON.stringify(pack)).not.toContain(artistName);
    const hoursAhead = (Date.parse(pack.expiresAt) - Date.now()) / 3600_000;
    expect(hoursAhead).toBeGreaterThan(OFFLINE_PACK_RULES.lifetimeHours - 0.1);
    expect(hoursAhead).toBeLessThanOrEqual(OFFLINE_PACK_RULES.lifetimeHours);

    const deals = await dealsOf(pack);
    const packTracks = new Set(deals.map((deal) => deal.track_id));
    expect(packTracks.size).toBe(4);
    const after = await t.db.query<{ total: number }>(
      'select sum(deal_count)::int as total from deck_exposure',
    );
    expect(itemOf(after, 0).total - itemOf(before, 0).total).toBe(4);

    // The live deck deals the other six, and never a track of the pack.
    for (let i = 0; i < 12; i++) {
      const next = nextTrackResponseSchema.parse((await listener.get('/api/player/next')).json());
      if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
      const [dealt] = await t.db.query<{ track_id: string }>('select track_id from deals where id = $1', [
        next.track.id,
      ]);
      expect(packTracks.has(itemOf([dealt], 0).track_id)).toBe(false);
    }
  });

  it('deals fewer when the deck runs out, and none once the listener holds it all', async () => {
    const listener = await signUp(t.app);
    const first = await dealPack(listener, OFFLINE_PACK_RULES.sizeMax);
    expect(first.tracks).toHaveLength(10);
    expect((await dealPack(listener)).tracks).toEqual([]);
  });

  it('refuses a size out of range with the message, and a visitor', async () => {
    const listener = await signUp(t.app);
    for (const size of [0, OFFLINE_PACK_RULES.sizeMax + 1, 2.5, '10']) {
      const response = await listener.post('/api/player/offline-packs', { size });
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe(OFFLINE_PACK_MESSAGES.sizeInvalid);
    }
    expect(await t.db.query('select 1 from deals where user_id = $1', [listener.id])).toEqual([]);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/player/offline-packs', payload: {} });
    expect(visitor.statusCode).toBe(401);
  });

  it('rates a downloaded pack by its verdicts and reveals its likes only then, once', async () => {
    const listener = await signUp(t.app);
    const pack = await dealPack(listener, 3);
    await download(pack, 600);
    const [liked, skipped, left] = pack.tracks.map((track) => track.id) as [string, string, string];

    const response = await sync(listener, pack.id, [
      { trackId: liked, ending: 'like', positionMs: 45_000 },
      { trackId: skipped, ending: 'skip', positionMs: 4_000 },
      { trackId: left, ending: 'left', positionMs: 30_000 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = offlinePackSyncResponseSchema.parse(response.json());
    expect(answer.results.map((result) => [result.trackId, result.state])).toEqual([
      [liked, 'recorded'],
      [skipped, 'recorded'],
      [left, 'recorded'],
    ]);
    expect(itemOf(answer.results, 0).reveal?.artist.name).toBe(artistName);
    expect(itemOf(answer.results, 1).reveal).toBeNull();
    expect(itemOf(answer.results, 2).reveal).toBeNull();
    // A like's swipe and like points, a skip's swipe point.
    expect(answer.pointsAwarded).toBeGreaterThan(0);

    expect((await dealsOf(pack)).map((deal) => [deal.ended_as, deal.end_position_ms])).toEqual([
      ['like', 45_000],
      ['skip', 4_000],
      ['left', 30_000],
    ]);
    const [likes] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from track_interactions where user_id = $1 and interaction_type = 'like'`,
      [listener.id],
    );
    expect(itemOf([likes], 0).n).toBe(1);

    // A lost answer retried: the same answer, nothing rated twice, no points twice.
    const again = offlinePackSyncResponseSchema.parse(
      (
        await sync(listener, pack.id, [
          { trackId: liked, ending: 'skip', positionMs: 1_000 },
          { trackId: skipped, ending: 'like', positionMs: 1_000 },
        ])
      ).json(),
    );
    expect(again.pointsAwarded).toBe(0);
    expect(itemOf(again.results, 0).reveal?.artist.name).toBe(artistName);
    expect(itemOf(again.results, 1).reveal).toBeNull();
    expect((await dealsOf(pack)).map((deal) => deal.ended_as)).toEqual(['like', 'skip', 'left']);
  });

  it('never lets the live endpoints or Blind Notes rate a deal of a pack', async () => {
    const listener = await signUp(t.app);
    const pack = await dealPack(listener, 1);
    await download(pack, 120);
    const alias = itemOf(pack.tracks, 0).id;
    for (const [url, body] of [
      [`/api/player/tracks/${alias}/like`, { positionMs: 10_000 }],
      [`/api/player/tracks/${alias}/dislike`, { positionMs: 10_000 }],
      [`/api/player/tracks/${alias}/leave`, { positionMs: 10_000 }],
      [`/api/player/tracks/${alias}/moment`, { positionMs: 10_000 }],
    ] as const) {
      const response = await listener.post(url, body);
      expect(response.statusCode, url).toBe(404);
    }
    expect(itemOf(await dealsOf(pack), 0).ended_as).toBeNull();
    expect(await t.db.query('select 1 from deal_notes where deal_id = $1', [alias])).toEqual([]);
  });

  it('holds a pack to the wall clock since its audio was sent, all its tracks together', async () => {
    const listener = await signUp(t.app);
    const pack = await dealPack(listener, 3);
    // Downloaded 100 s ago: three whole 60 s tracks cannot have been heard since.
    await download(pack, 100);
    const verdicts = pack.tracks.map((track) => ({ trackId: track.id, ending: 'skip', positionMs: 60_000 }));
    expect((await sync(listener, pack.id, verdicts)).statusCode).toBe(200);
    const positions = (await dealsOf(pack)).map((deal) => deal.end_position_ms ?? 0);
    expect(positions[0]).toBe(60_000);
    expect(positions[1]).toBeGreaterThanOrEqual(40_000);
    expect(positions[1]).toBeLessThan(41_000);
    expect(positions[2]).toBe(0);
  });

  it('does not rate a track whose audio never reached the device, nor one from elsewhere', async () => {
    const listener = await signUp(t.app);
    const pack = await dealPack(listener, 2);
    const other = await dealPack(listener, 1);
    await download(other, 60);
    // The first track downloaded, the second not.
    await writeFixtureAudio(t, itemOf(pack.tracks, 0).id);
    await fetchAudio(t, itemOf(pack.tracks, 0).url);
    const answer = offlinePackSyncResponseSchema.parse(
      (
        await sync(listener, pack.id, [
          { trackId: itemOf(pack.tracks, 1).id, ending: 'like', positionMs: 0 },
          { trackId: itemOf(other.tracks, 0).id, ending: 'like', positionMs: 0 },
          { trackId: itemOf(pack.tracks, 0).id, ending: 'like', positionMs: 0 },
          { trackId: itemOf(pack.tracks, 0).id, ending: 'like', positionMs: 0 },
        ])
      ).json(),
    );
    expect(answer.results.map((result) => result.state)).toEqual([
      'unknown',
      'unknown',
      'recorded',
      'unknown',
    ]);
    expect((await dealsOf(pack)).map((deal) => deal.ended_as)).toEqual(['like', null]);
    expect(itemOf(await dealsOf(other), 0).ended_as).toBeNull();
  });

  it("answers another listener's pack and an expired pack with their messages, changing nothing", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const pack = await dealPack(owner, 1);
    await download(pack, 30);
    const verdicts = [{ trackId: itemOf(pack.tracks, 0).id, ending: 'like', positionMs: 10_000 }];

    const foreign = await sync(stranger, pack.id, verdicts);
    expect(foreign.statusCode).toBe(404);
    expect(messageOf(foreign)).toBe(OFFLINE_PACK_MESSAGES.unknownPack);
    expect(foreign.body).not.toContain(artistName);

    await t.db.query(`update deals set dealt_at = now() - make_interval(hours => $2) where id = $1`, [
      itemOf(pack.tracks, 0).id,
      OFFLINE_PACK_RULES.lifetimeHours,
    ]);
    const expired = await sync(owner, pack.id, verdicts);
    expect(expired.statusCode).toBe(409);
    expect(messageOf(expired)).toBe(OFFLINE_PACK_MESSAGES.expired);
    expect(itemOf(await dealsOf(pack), 0).ended_as).toBeNull();

    const empty = await sync(owner, pack.id, []);
    expect(empty.statusCode).toBe(400);
  });
});
