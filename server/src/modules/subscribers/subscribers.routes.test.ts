import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES, INTEREST_MESSAGES, UNSUBSCRIBE_MESSAGES } from '@klang/domain';
import { createTestApp, type TestApp } from '../../test/app';
import { createSubscribersRepository } from './subscribers.repository';
import { createSubscribersService } from './subscribers.service';

let t: TestApp;
let address = 0;
const nextIp = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });

const listener = {
  role: 'listener',
  name: 'Lee',
  artist_name: null,
  email: '  Lee@Example.COM ',
  username: null,
  marketing_opt_in: true,
  genre: null,
  ios_beta_interest: 'yes',
};
const artist = {
  ...listener,
  role: 'artist',
  name: 'Ari',
  email: 'ari@example.com',
  artist_name: 'Ari Beats',
  genre: 'Techno',
  marketing_opt_in: false,
  ios_beta_interest: 'no',
};

describe('POST /rest/v1/subscribers', () => {
  it('stores a listener with the email trimmed and lower-cased', async () => {
    const response = await post('/rest/v1/subscribers', listener);
    expect(response.statusCode).toBe(201);
    // What the contract's 201 schema (z.null()) reads: the web client parses exactly this.
    expect(response.body).toBe('null');
    const rows = await t.db.query('select role, email, marketing_opt_in, artist_name from subscribers');
    expect(rows).toEqual([
      { role: 'listener', email: 'lee@example.com', marketing_opt_in: true, artist_name: null },
    ]);
  });

  it('answers a registered address with code 23505', async () => {
    const response = await post('/rest/v1/subscribers', { ...listener, email: 'LEE@example.com' });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ code: string }>().code).toBe('23505');
  });

  it('stores an artist with artist name and genre, and drops them for listeners', async () => {
    expect((await post('/rest/v1/subscribers', artist)).statusCode).toBe(201);
    const leaked = await post('/rest/v1/subscribers', {
      ...listener,
      email: 'l2@example.com',
      artist_name: 'X',
      genre: 'Techno',
    });
    expect(leaked.statusCode).toBe(201);
    const rows = await t.db.query(
      "select artist_name, genre from subscribers where email = 'l2@example.com'",
    );
    expect(rows).toEqual([{ artist_name: null, genre: null }]);
  });

  it.each([
    [{ ...listener, name: '' }, FORM_MESSAGES.nameRequired],
    [{ ...listener, email: '' }, FORM_MESSAGES.emailRequired],
    [{ ...listener, email: 'nope' }, FORM_MESSAGES.emailInvalid],
    [{ ...artist, artist_name: ' ' }, INTEREST_MESSAGES.artistNameRequired],
    [{ ...artist, genre: 'Polka' }, INTEREST_MESSAGES.genreRequired],
    [{ ...listener, email: 'new@example.com', ios_beta_interest: null }, INTEREST_MESSAGES.iosBetaRequired],
  ])('refuses %j', async (body, message) => {
    const before = (await t.db.query('select 1 from subscribers')).length;
    const response = await post('/rest/v1/subscribers', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    expect(await t.db.query('select 1 from subscribers')).toHaveLength(before);
  });
});

describe('POST /functions/v1/unsubscribe', () => {
  const service = () => createSubscribersService({ repository: createSubscribersRepository(t.db) });

  it('turns marketing off for a known address and leaves it out of marketing from then on', async () => {
    expect(await service().marketingRecipients()).toContain('lee@example.com');
    const response = await post('/functions/v1/unsubscribe', { email: 'LEE@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: UNSUBSCRIBE_MESSAGES.done });
    const [row] = await t.db.query<{ marketing_opt_in: boolean; unsubscribed_at: Date | null }>(
      "select marketing_opt_in, unsubscribed_at from subscribers where email = 'lee@example.com'",
    );
    expect(row?.marketing_opt_in).toBe(false);
    expect(row?.unsubscribed_at).not.toBeNull();
    expect(await service().marketingRecipients()).not.toContain('lee@example.com');
    expect(await service().mayReceiveMarketing('lee@example.com')).toBe(false);
  });

  it('answers an unknown address exactly as a known one, and suppresses it', async () => {
    const response = await post('/functions/v1/unsubscribe', { email: 'stranger@example.com' });
    expect(response.json()).toEqual({ success: true, message: UNSUBSCRIBE_MESSAGES.done });
    expect(await service().mayReceiveMarketing('stranger@example.com')).toBe(false);
  });

  it('says an email is missing', async () => {
    const response = await post('/functions/v1/unsubscribe', {});
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(UNSUBSCRIBE_MESSAGES.missingEmailOnSend);
  });

  it('lets an unsubscribed address register again, which lifts the suppression', async () => {
    const response = await post('/rest/v1/subscribers', { ...listener, marketing_opt_in: true });
    expect(response.statusCode).toBe(201);
    expect(await service().mayReceiveMarketing('lee@example.com')).toBe(true);
  });
});
