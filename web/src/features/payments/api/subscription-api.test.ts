import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeCheckoutSignup, type SignupStage } from './subscription-api';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;
const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
const USER = '4a3b2c1d-0000-4000-8000-000000000001';
const values = {
  username: 'nightshift',
  artistName: 'Night Shift',
  bio: 'Warehouse grooves.',
  instagram: '',
  website: '',
  email: 'night@example.com',
  password: 'first-pass-1',
};
const session = {
  user: { id: USER, email: values.email },
  profile: {
    id: USER,
    username: values.username,
    role: 'artist',
    artistName: values.artistName,
    bio: values.bio,
    instagram: null,
    website: null,
    profileImageUrl: null,
    trialEndDate: '2026-12-06T00:00:00.000Z',
    followers: 0,
  },
  userType: 'artist',
  subscriptionTier: 'trial',
  isDemo: false,
  isAdmin: false,
  emailVerified: false,
};

describe('completeCheckoutSignup (spec 001 §4)', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('links the payment, creates the profile, then sends the welcome email, in that order', async () => {
    fetchMock
      .mockReturnValueOnce(json(200, { success: true }))
      .mockReturnValueOnce(json(200, session))
      .mockReturnValueOnce(json(200, { emailId: 'e1' }));
    const stages: SignupStage[] = [];
    const result = await completeCheckoutSignup({ userId: USER, sessionId: 'cs_local_1', values }, (stage) =>
      stages.push(stage),
    );
    expect(stages).toEqual(['linking', 'creating', 'welcome']);
    expect(result.subscriptionTier).toBe('trial');
    const [email, complete, welcome] = fetchMock.mock.calls;
    expect(email?.[0]).toEqual(expect.stringMatching(/\/functions\/v1\/update-user-email$/));
    expect(JSON.parse(email?.[1]?.body as string)).toEqual({ userId: USER, newEmail: values.email });
    expect(complete?.[0]).toEqual(expect.stringMatching(/\/api\/payments\/checkout\/complete-signup$/));
    expect(JSON.parse(complete?.[1]?.body as string)).toEqual({ ...values, session_id: 'cs_local_1' });
    expect(JSON.parse(welcome?.[1]?.body as string)).toMatchObject({
      emailType: 'welcome',
      to: values.email,
      data: { artistName: values.artistName, username: values.username },
    });
  });

  it('skips a welcome email that cannot be sent, with a warning', async () => {
    fetchMock
      .mockReturnValueOnce(json(200, { success: true }))
      .mockReturnValueOnce(json(200, session))
      .mockReturnValueOnce(json(503, { error: 'mail down', code: 'UNAVAILABLE' }));
    const result = await completeCheckoutSignup({ userId: USER, sessionId: null, values }, () => undefined);
    expect(result.user.id).toBe(USER);
    expect(console.warn).toHaveBeenCalled();
  });

  it('stops at a refused step and creates nothing after it', async () => {
    fetchMock.mockReturnValueOnce(
      json(409, {
        error: 'This email is already registered. Please use a different email or log in.',
        code: 'CONFLICT',
      }),
    );
    await expect(
      completeCheckoutSignup({ userId: USER, sessionId: 'cs_local_1', values }, () => undefined),
    ).rejects.toThrow('This email is already registered. Please use a different email or log in.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
