import { ACCOUNT_GUARD_MESSAGES, ACCOUNT_MESSAGES } from '@klang/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../auth-store';
import { LoginForm, type ChallengeField } from './login-form';

/** Stands in for the captcha widget: one button that "solves" it with a numbered token. */
let solved = 0;
const FakeChallenge: ChallengeField = ({ onTokenChange, error }) => (
  <div>
    <button
      type="button"
      onClick={() => {
        solved += 1;
        onTokenChange(`solved-${String(solved)}`);
      }}
    >
      Solve
    </button>
    {error && <p>{error}</p>}
  </div>
);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('login form and the sign-in challenge (decision 0253)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useAuthStore.getState().clearSession();
  });

  // jsdom and React on a busy machine: a generous timeout, not a speed claim.
  it(
    'shows the check only when the server asks for it, and sends a fresh solved token with each attempt',
    { timeout: 30_000 },
    async () => {
      const challenge = {
        error: {
          code: 'CHALLENGE_REQUIRED',
          message: ACCOUNT_GUARD_MESSAGES.loginChallenge,
          fields: { captchaToken: ACCOUNT_GUARD_MESSAGES.loginChallenge },
        },
      };
      const session = {
        user: { id: '00000000-0000-4000-8000-000000000001', email: 'ada@example.com' },
        profile: null,
        userType: 'listener',
        subscriptionTier: 'free',
        isDemo: false,
        isAdmin: false,
        emailVerified: true,
      };
      const fetchMock = vi
        .fn<typeof fetch>()
        .mockResolvedValueOnce(json(401, challenge))
        .mockResolvedValueOnce(json(401, challenge))
        .mockResolvedValueOnce(json(200, session));
      vi.stubGlobal('fetch', fetchMock);
      const onSignedIn = vi.fn();
      const user = userEvent.setup();
      render(
        <QueryClientProvider client={new QueryClient()}>
          <LoginForm onSignedIn={onSignedIn} Challenge={FakeChallenge} />
        </QueryClientProvider>,
      );
      const bodyOf = (call: number) =>
        JSON.parse(fetchMock.mock.calls[call]?.[1]?.body as string) as Record<string, unknown>;

      expect(screen.queryByRole('button', { name: 'Solve' })).toBeNull();
      fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: 'ada' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
      await user.click(screen.getByRole('button', { name: 'Log In' }));
      expect(bodyOf(0)).not.toHaveProperty('captchaToken');
      await screen.findByText(ACCOUNT_GUARD_MESSAGES.loginChallenge);

      await user.click(screen.getByRole('button', { name: 'Solve' }));
      await user.click(screen.getByRole('button', { name: 'Log In' }));
      expect(bodyOf(1)).toMatchObject({ identifier: 'ada', captchaToken: 'solved-1' });

      // The widget started again after the refusal: its old token is not sent twice.
      await screen.findByText(ACCOUNT_GUARD_MESSAGES.loginChallenge);
      await user.click(screen.getByRole('button', { name: 'Solve' }));
      await user.click(screen.getByRole('button', { name: 'Log In' }));
      expect(bodyOf(2)).toMatchObject({ captchaToken: 'solved-2' });
      expect(onSignedIn).toHaveBeenCalledOnce();
    },
  );

  it('sends a reset link from its dialog without also trying to log in', { timeout: 30_000 }, async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LoginForm onSignedIn={vi.fn()} Challenge={FakeChallenge} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByText(ACCOUNT_MESSAGES.resetEmailSent);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/accounts/password-reset']);
  });
});
