import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLIND_NOTES,
  BLIND_NOTES_MESSAGES,
  PLAYER_MESSAGES,
  blindNoteResponseSchema,
  nextTrackResponseSchema,
} from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { grant, hear } from '../../test/listening';

const messageOf = (response: LightMyRequestResponse): string =>
  response.json<{ error: { message: string } }>().error.message;

interface NoteRow {
  kind: 'reason' | 'moment';
  reason: string | null;
  position_ms: number | null;
}

/**
 * Blind Notes through the API (issue 31 items 2 and 3, decision 0302), as a listener gives them
 * and as a script would try to bend them: only on the caller's own served deals, a reason only
 * after a skip and once, moments only while listening, clamped and capped, points for the first
 * few a day, and nothing said back about the track. Every fixture track is 60 s long.
 */
describe('Blind Notes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const artistId = await insertAccount(t.db, 'artist', { artistName: 'Oona Varg' });
    for (let i = 0; i < 8; i++) await insertTrack(t.db, artistId);
  });
  afterAll(async () => {
    await t.close();
  });

  const notesOf = (alias: string) =>
    t.db.query<NoteRow>(
      'select kind, reason, position_ms from deal_notes where deal_id = $1 order by created_at, id',
      [alias],
    );

  const deal = async (client: Client): Promise<string> => {
    const next = nextTrackResponseSchema.parse((await client.get('/api/player/next')).json());
    if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
    return next.track.id;
  };

  /** Deals and serves a track whose audio was first served `secondsAgo` before now. */
  const served = async (client: Client, secondsAgo: number): Promise<string> => {
    const alias = await deal(client);
    await hear(t, client, alias);
    await t.db.query(`update deals set first_served_at = now() - make_interval(secs => $2) where id = $1`, [
      alias,
      secondsAgo,
    ]);
    return alias;
  };

  const skipped = async (client: Client): Promise<string> => {
    const alias = await served(client, 20);
    expect(
      (await client.post(`/api/player/tracks/${alias}/dislike`, { positionMs: 10_000 })).statusCode,
    ).toBe(200);
    return alias;
  };

  const reason = (client: Client, alias: string, value: unknown) =>
    client.post(`/api/player/tracks/${alias}/skip-reason`, { reason: value });
  const moment = (client: Client, alias: string, positionMs: unknown) =>
    client.post(`/api/player/tracks/${alias}/moment`, { positionMs });

  it('takes one reason after a skip, answers only the points, and keeps the first reason', async () => {
    const listener = await signUp(t.app);
    const alias = await skipped(listener);
    const given = await reason(listener, alias, 'intro-too-long');
    expect(given.statusCode, given.body).toBe(200);
    // The answer is the points and nothing else: no title, artist or id of the track.
    expect(Object.keys(given.json())).toEqual(['pointsAwarded']);
    expect(blindNoteResponseSchema.parse(given.json()).pointsAwarded).toBe(BLIND_NOTES.points);

    const again = await reason(listener, alias, 'vocals');
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(BLIND_NOTES_MESSAGES.reasonGiven);
    expect(await notesOf(alias)).toEqual([{ kind: 'reason', reason: 'intro-too-long', position_ms: null }]);
  });

  it('refuses a reason for a track not skipped, not served, or skipped too long ago', async () => {
    const listener = await signUp(t.app);
    const playing = await served(listener, 10);
    expect(messageOf(await reason(listener, playing, 'vocals'))).toBe(BLIND_NOTES_MESSAGES.notSkipped);

    // Granted but never played: the skip stands, a reason needs the audio to have been heard.
    const unheard = await deal(listener);
    await grant(t, listener, unheard);
    expect((await listener.post(`/api/player/tracks/${unheard}/dislike`, {})).statusCode).toBe(200);
    const refused = await reason(listener, unheard, 'vocals');
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe(PLAYER_MESSAGES.trackNotServed);

    const old = await skipped(listener);
    await t.db.query(`update deals set ended_at = now() - make_interval(secs => $2) where id = $1`, [
      old,
      BLIND_NOTES.reasonWindowMs / 1000 + 60,
    ]);
    const late = await reason(listener, old, 'vocals');
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(BLIND_NOTES_MESSAGES.reasonTooLate);

    for (const alias of [playing, unheard, old]) expect(await notesOf(alias)).toEqual([]);
  });

  it("answers another listener's deal exactly as an unknown one, and stores nothing", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const alias = await skipped(owner);
    const foreign = await reason(other, alias, 'vocals');
    const unknown = await reason(other, '00000000-0000-4000-8000-000000000000', 'vocals');
    expect(foreign.statusCode).toBe(404);
    expect([foreign.statusCode, messageOf(foreign)]).toEqual([unknown.statusCode, messageOf(unknown)]);
    const foreignMoment = await moment(other, alias, 1000);
    const unknownMoment = await moment(other, '00000000-0000-4000-8000-000000000000', 1000);
    expect([foreignMoment.statusCode, messageOf(foreignMoment)]).toEqual([404, messageOf(unknownMoment)]);
    expect(await notesOf(alias)).toEqual([]);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const listener = await signUp(t.app);
    const alias = await skipped(listener);
    for (const bad of ['great', '', null, 3, 'Intro too long']) {
      const response = await reason(listener, alias, bad);
      expect(response.statusCode, String(bad)).toBe(400);
    }
    const playing = await served(listener, 10);
    for (const bad of [-1, 1.5, '1000', null, DEALS_MAX + 1]) {
      expect((await moment(listener, playing, bad)).statusCode, String(bad)).toBe(400);
    }
    expect(await notesOf(alias)).toEqual([]);
    expect(await notesOf(playing)).toEqual([]);
  });

  it('clamps a moment to what the server served, keeps three at most, apart, and only while listening', async () => {
    const listener = await signUp(t.app);
    const alias = await served(listener, 30);
    // Reported at 50 s, 30 s after the audio was first served: kept at about 30 s.
    expect((await moment(listener, alias, 50_000)).statusCode).toBe(200);
    const tooClose = await moment(listener, alias, 29_000);
    expect(tooClose.statusCode).toBe(409);
    expect(messageOf(tooClose)).toBe(BLIND_NOTES_MESSAGES.momentTooClose);
    expect((await moment(listener, alias, 4_000)).statusCode).toBe(200);
    expect((await moment(listener, alias, 14_000)).statusCode).toBe(200);
    const full = await moment(listener, alias, 22_000);
    expect(full.statusCode).toBe(409);
    expect(messageOf(full)).toBe(BLIND_NOTES_MESSAGES.momentsFull);

    const positions = (await notesOf(alias)).map((n) => n.position_ms ?? -1);
    expect(positions).toHaveLength(BLIND_NOTES.momentsPerDeal);
    expect(positions[0]).toBeGreaterThanOrEqual(30_000);
    expect(positions[0]).toBeLessThan(33_000);
    expect(positions.slice(1)).toEqual([4_000, 14_000]);

    // Rated, the deal takes no more moments; a deal never served takes none.
    const rated = await skipped(listener);
    expect(messageOf(await moment(listener, rated, 1_000))).toBe(BLIND_NOTES_MESSAGES.notListening);
    const unserved = await deal(listener);
    expect((await moment(listener, unserved, 1_000)).statusCode).toBe(403);
    expect(await notesOf(rated)).toEqual([]);
    expect(await notesOf(unserved)).toEqual([]);
  });

  it('keeps one of many moments sent at once at the same place', async () => {
    const listener = await signUp(t.app);
    const alias = await served(listener, 40);
    const answers = await Promise.all(Array.from({ length: 6 }, () => moment(listener, alias, 20_000)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
    expect(await notesOf(alias)).toHaveLength(1);
  });

  it('pays the first notes of a day only, and the ledger agrees with the card', async () => {
    const listener = await signUp(t.app);
    const earned: number[] = [];
    for (let i = 0; i < 2; i++) {
      const alias = await served(listener, 60);
      for (const at of [5_000, 20_000]) {
        earned.push(blindNoteResponseSchema.parse((await moment(listener, alias, at)).json()).pointsAwarded);
      }
    }
    const pointed = BLIND_NOTES.pointedNotesPerDay;
    expect(earned).toEqual([...Array<number>(pointed).fill(BLIND_NOTES.points), 0]);
    const [ledger] = await t.db.query<{ points: number }>(
      `select coalesce(sum(points), 0)::int as points from point_awards where user_id = $1 and reason = 'blind_note'`,
      [listener.id],
    );
    expect(ledger?.points).toBe(pointed * BLIND_NOTES.points);
  });

  it('lets the notes of a deal go with the deal', async () => {
    const listener = await signUp(t.app);
    const alias = await skipped(listener);
    expect((await reason(listener, alias, 'too-slow')).statusCode).toBe(200);
    await t.db.query('delete from deals where id = $1', [alias]);
    expect(await notesOf(alias)).toEqual([]);
  });
});

const DEALS_MAX = 2_147_483_647;
