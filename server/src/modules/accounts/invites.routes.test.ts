import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES as M,
  INVITE_MESSAGES,
  INVITES_PER_LISTENER,
  listenerInvitesSchema,
  type ListenerInvites,
} from '@klang/domain';
import { nextAddress, signUp, type ApiBody, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function invitesOf(client: Client): Promise<ListenerInvites> {
  const response = await client.get('/api/accounts/invites');
  expect(response.statusCode).toBe(200);
  return listenerInvitesSchema.parse(response.json());
}

function openToken(invites: ListenerInvites, index = 0): string {
  const invite = invites.invites.filter((i) => i.redeemedAt === null)[index];
  if (!invite) throw new Error('no open invite left');
  return invite.token;
}

let signupCounter = 0;
function signupWith(inviteToken: unknown) {
  signupCounter += 1;
  const username = `invited${signupCounter}${Math.random().toString(36).slice(2, 6)}`;
  return t.app.inject({
    method: 'POST',
    url: '/api/accounts/signup/listener',
    remoteAddress: nextAddress(),
    payload: { username, email: `${username}@example.com`, password: 'secret-pass', inviteToken },
  });
}

const accountCount = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from accounts'))[0]?.n ?? 0;

describe('a listener’s invites', () => {
  it('are five personal links, the same on every look', async () => {
    const listener = await signUp(t.app);
    const first = await invitesOf(listener);
    expect(first.remaining).toBe(INVITES_PER_LISTENER);
    expect(first.invites.map((i) => i.slot)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(first.invites.map((i) => i.token)).size).toBe(5);
    expect(await invitesOf(listener)).toEqual(first);
  });

  it('are made once when two first looks race', async () => {
    const listener = await signUp(t.app);
    const [a, b] = await Promise.all([invitesOf(listener), invitesOf(listener)]);
    expect(a).toEqual(b);
    const rows = await t.db.query('select 1 from listener_invites where inviter_id = $1', [listener.id]);
    expect(rows).toHaveLength(INVITES_PER_LISTENER);
  });

  it('belong to listeners: an artist is refused, a stranger needs to sign in', async () => {
    const artist = await signUp(t.app, 'artist');
    const refused = await artist.get('/api/accounts/invites');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiBody>().error.message).toBe(INVITE_MESSAGES.listenersOnly);
    expect((await t.app.inject({ url: '/api/accounts/invites' })).statusCode).toBe(401);
  });
});

describe('an invite link', () => {
  it('names its inviter before signup, and nothing for a forged or malformed token', async () => {
    const listener = await signUp(t.app);
    const token = openToken(await invitesOf(listener));
    const preview = await t.app.inject({
      url: `/api/accounts/invites/${token}`,
      remoteAddress: nextAddress(),
    });
    expect(preview.json()).toEqual({ inviterUsername: listener.username });
    for (const forged of [
      'A'.repeat(43),
      'short',
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    ]) {
      const response = await t.app.inject({
        url: `/api/accounts/invites/${forged}`,
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiBody>().error.message).toBe(INVITE_MESSAGES.invalid);
    }
  });

  it('credits the inviter, is used up, and lowers the count', async () => {
    const inviter = await signUp(t.app);
    const token = openToken(await invitesOf(inviter));
    const response = await signupWith(token);
    expect(response.statusCode).toBe(201);
    const invitee = response.json<{ user: { id: string }; profile: { username: string } }>();

    const [credit] = await t.db.query('select invited_by from listener_profiles where id = $1', [
      invitee.user.id,
    ]);
    expect(credit).toEqual({ invited_by: inviter.id });
    const after = await invitesOf(inviter);
    expect(after.remaining).toBe(INVITES_PER_LISTENER - 1);
    expect(after.invites.find((i) => i.token === token)).toMatchObject({
      redeemedBy: invitee.profile.username,
      redeemedAt: expect.any(String) as unknown,
    });
    const preview = await t.app.inject({
      url: `/api/accounts/invites/${token}`,
      remoteAddress: nextAddress(),
    });
    expect(preview.statusCode).toBe(409);
    expect(preview.json<ApiBody>().error.message).toBe(INVITE_MESSAGES.used);
  });

  it('works once: a second signup with the same token is refused and creates nothing', async () => {
    const inviter = await signUp(t.app);
    const token = openToken(await invitesOf(inviter));
    expect((await signupWith(token)).statusCode).toBe(201);
    const before = await accountCount();
    const again = await signupWith(token);
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiBody>().error.fields).toEqual({ inviteToken: INVITE_MESSAGES.used });
    expect(await accountCount()).toBe(before);
    expect((await invitesOf(inviter)).remaining).toBe(INVITES_PER_LISTENER - 1);
  });

  it('lets exactly one of two racing signups through and rolls the other back whole', async () => {
    const inviter = await signUp(t.app);
    const token = openToken(await invitesOf(inviter));
    const before = await accountCount();
    const results = await Promise.all([signupWith(token), signupWith(token), signupWith(token)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json<ApiBody>().error.message).toBe(INVITE_MESSAGES.used);
    }
    expect(await accountCount()).toBe(before + 1);
    const credited = await t.db.query('select 1 from listener_profiles where invited_by = $1', [inviter.id]);
    expect(credited).toHaveLength(1);
    expect((await invitesOf(inviter)).remaining).toBe(INVITES_PER_LISTENER - 1);
  });

  it('refuses a forged or foreign token with a clear message and creates nothing', async () => {
    const before = await accountCount();
    // A session cookie and a made-up token: well-formed or not, only Klang's invites count.
    const listener = await signUp(t.app);
    const cookieValue = listener.cookie.split('=')[1] ?? '';
    for (const token of ['A'.repeat(43), cookieValue, 'not a token', '']) {
      const response = await signupWith(token);
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiBody>().error.fields).toEqual({ inviteToken: INVITE_MESSAGES.invalid });
    }
    expect(await accountCount()).toBe(before + 1);
  });

  it('dies with its inviter’s account, and stays used when the invitee leaves', async () => {
    const inviter = await signUp(t.app);
    const invites = await invitesOf(inviter);
    const used = openToken(invites, 0);
    const spare = openToken(invites, 1);
    const joined = await signupWith(used);
    const inviteeCookie = (joined.headers['set-cookie'] as string).split(';')[0] ?? '';
    const inviteeId = joined.json<{ user: { id: string } }>().user.id;
    const leave = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/delete-user-account',
      headers: { cookie: inviteeCookie },
      payload: { user_id: inviteeId, confirmation_text: M.deleteConfirmation },
    });
    expect(leave.statusCode).toBe(200);
    expect((await invitesOf(inviter)).remaining).toBe(INVITES_PER_LISTENER - 1);

    const gone = await inviter.post('/functions/v1/delete-user-account', {
      user_id: inviter.id,
      confirmation_text: M.deleteConfirmation,
    });
    expect(gone.statusCode).toBe(200);
    const response = await signupWith(spare);
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiBody>().error.message).toBe(INVITE_MESSAGES.invalid);
  });

  it('is optional: the listener signup stays open without one', async () => {
    const response = await signupWith(undefined);
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.query('select invited_by from listener_profiles where id = $1', [
      response.json<{ user: { id: string } }>().user.id,
    ]);
    expect(row).toEqual({ invited_by: null });
  });
});
