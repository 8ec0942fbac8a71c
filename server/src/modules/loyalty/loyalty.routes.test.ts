import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyCardSchema, MESSAGES, POINTS } from '@klang/domain';
import { clientFor, signUp, type ApiBody } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { dealTrack, insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { hear } from '../../test/listening';

describe('loyalty card route', () => {
  let t: TestApp;
  let trackId: string;
  beforeAll(async () => {
    // Listening stands still, so the like's answer is its own points alone.
    const listeningTime = new Date();
    t = await createTestApp({}, { listeningClock: () => listeningTime });
    trackId = await insertTrack(t.db, await insertAccount(t.db, 'artist'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the stored tier, points and counters, which a like moves', async () => {
    const listener = await signUp(t.app);
    const before = loyaltyCardSchema.parse((await listener.get('/api/loyalty')).json());
    expect(before).toMatchObject({ memberName: listener.username, swipes: 0, likes: 0, listeningMinutes: 0 });

    const alias = await dealTrack(t.db, listener.id, trackId);
    await hear(t, listener, alias);
    await listener.post(`/api/player/tracks/${alias}/like`, { addToLibrary: true });
    const after = loyaltyCardSchema.parse((await listener.get('/api/loyalty')).json());
    expect(after).toMatchObject({ tier: 'Red', swipes: 1, likes: 1, addedToLibrary: 1 });
    expect(after.points - before.points).toBe(POINTS.swipe + POINTS.like + POINTS.library);
  });

  it('reads a tier the server stored, even one the card does not know', async () => {
    const listener = await signUp(t.app);
    await t.db.query(
      `update user_xp set tier = 'Gold', total_points = 123456, listening_time = 125 where user_id = $1`,
      [listener.id],
    );
    expect((await listener.get('/api/loyalty')).json()).toMatchObject({
      tier: 'Gold',
      points: 123456,
      listeningMinutes: 125,
    });
  });

  it('refuses without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/loyalty' })).statusCode).toBe(401);
  });
});

describe('daily login route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('awards the day’s points once', async () => {
    const user = await signUp(t.app);
    expect((await user.post('/api/loyalty/daily-login')).json()).toEqual({ xpAwarded: POINTS.dailyLogin });
    expect((await user.post('/api/loyalty/daily-login')).json()).toEqual({ xpAwarded: 0 });
    const [xp] = await t.db.query('select total_points, daily_logins from user_xp where user_id = $1', [
      user.id,
    ]);
    expect(xp).toEqual({ total_points: POINTS.dailyLogin, daily_logins: 1 });
  });

  it('awards nothing without a session', async () => {
    const forged = clientFor(t.app, 'klang_session=abc', '00000000-0000-0000-0000-000000000000');
    const response = await forged.post('/api/loyalty/daily-login');
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiBody>().error.message).toBe(MESSAGES.userNotAuthenticated);
  });
});
