import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHARE_FUNNEL_MESSAGES,
  blindShareSchema,
  shareDealResponseSchema,
  shareFunnelSchema,
  type ShareFunnel,
} from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertTrack } from '../../test/catalogue-fixtures';
import { hear } from '../../test/listening';

const messageOf = (response: LightMyRequestResponse): string =>
  response.json<{ error: { message: string } }>().error.message;

/**
 * The team's share funnel (issue 32 item 6, decision 0309): each step of a blind share is counted
 * by the server as it happens, and only an admin reads shares per reveal and signups per shared
 * play. A listener the share brought in is one whose first deal ever was the shared track.
 */
describe('the share funnel', () => {
  let t: TestApp;
  let admin: Client;
  let artist: Client;
  let trackId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app);
    await t.db.query('insert into admins (id) values ($1)', [admin.id]);
    artist = await signUp(t.app, 'artist');
    trackId = await insertTrack(t.db, artist.id, { title: 'Funnel Track' });
  });
  afterAll(async () => {
    await t.close();
  });

  const funnelOf = async (client: Client, days = 30): Promise<ShareFunnel> => {
    const response = await client.get(`/api/admin/share-funnel?days=${String(days)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return shareFunnelSchema.parse(response.json());
  };

  /** Deals `client` the track through `token` and likes it after hearing it. */
  const dealAndLike = async (client: Client, token: string): Promise<void> => {
    const dealt = shareDealResponseSchema.parse(
      (await client.post(`/api/player/shares/${token}/deal`, {})).json(),
    );
    if (dealt.state !== 'track') throw new Error(`expected a track, got ${dealt.state}`);
    await hear(t, client, dealt.track.id);
    expect(
      (await client.post(`/api/player/tracks/${dealt.track.id}/like`, { addToLibrary: false })).statusCode,
    ).toBe(200);
  };

  it('counts each step where it happens, and divides them for the team', async () => {
    const before = await funnelOf(admin);
    // A fan likes the track from a deal of their own (a reveal) and shares it, twice: one link.
    const fan = await signUp(t.app);
    const [deal] = await t.db.query<{ id: string }>(
      'insert into deals (user_id, track_id) values ($1, $2) returning id',
      [fan.id, trackId],
    );
    await hear(t, fan, deal?.id ?? '');
    await fan.post(`/api/player/tracks/${deal?.id ?? ''}/like`, { addToLibrary: false });
    const token = blindShareSchema.parse((await fan.post('/api/player/shares', { trackId })).json()).token;
    await fan.post('/api/player/shares', { trackId });

    // A visitor opens it and plays the preview twice.
    await t.app.inject({ method: 'GET', url: `/api/player/shares/${token}` });
    for (let i = 0; i < 2; i++)
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/player/shares/${token}/preview` })).statusCode,
      ).toBe(200);

    // The visitor signs up and the shared track is their first deal ever; a listener who already
    // had deals is dealt it too, and likes it.
    const newcomer = await signUp(t.app);
    await dealAndLike(newcomer, token);
    const regular = await signUp(t.app);
    const other = await insertTrack(t.db, artist.id);
    await t.db.query('insert into deals (user_id, track_id) values ($1, $2)', [regular.id, other]);
    expect((await regular.post(`/api/player/shares/${token}/deal`, {})).statusCode).toBe(200);

    const after = await funnelOf(admin);
    expect({
      sharesMade: after.sharesMade - before.sharesMade,
      opens: after.opens - before.opens,
      previews: after.previews - before.previews,
      sharedDeals: after.sharedDeals - before.sharedDeals,
      newListeners: after.newListeners - before.newListeners,
      reveals: after.reveals - before.reveals,
      sharedLikes: after.sharedLikes - before.sharedLikes,
    }).toEqual({
      sharesMade: 1,
      opens: 1,
      previews: 2,
      sharedDeals: 2,
      newListeners: 1,
      reveals: 2,
      sharedLikes: 1,
    });
    expect(after.sharesPerReveal).toBeCloseTo(after.sharesMade / after.reveals);
    expect(after.signupsPerSharedPlay).toBeCloseTo(after.newListeners / (after.previews + after.sharedDeals));

    // Every day of the window is listed, oldest first, today last with today's counts.
    expect(after.daily).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(after.daily.at(-1)).toMatchObject({ day: today, previews: after.previews });
    expect((await funnelOf(admin, 7)).daily).toHaveLength(7);

    // No event names the track, the link or the artist.
    const events = await t.db.query<{ path: string; properties: unknown }>(
      "select path, properties from analytics_events where name like 'share_%'",
    );
    for (const secret of [trackId, token, 'Funnel Track', artist.id])
      expect(JSON.stringify(events)).not.toContain(secret);
  });

  it('shows the funnel to the team alone', async () => {
    const listener = await signUp(t.app);
    const refused = await listener.get('/api/admin/share-funnel');
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe(SHARE_FUNNEL_MESSAGES.teamOnly);
    expect((await artist.get('/api/admin/share-funnel')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/share-funnel' })).statusCode).toBe(401);
    expect((await admin.get('/api/admin/share-funnel?days=365')).statusCode).toBe(400);
  });

  it('takes no share step from a browser', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { name: 'share_dealt', path: '/s/:token' },
    });
    expect(sent.statusCode).toBe(400);
  });
});
