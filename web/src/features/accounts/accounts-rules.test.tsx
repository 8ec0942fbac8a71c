import { ACCOUNT_MESSAGES } from '@klang/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from './auth-store';
import { checkImageFile } from './components/photo-upload';
import { newPasswordFormSchema } from './components/reset-password-form';
import { useSignOut } from './hooks/use-sign-out';

/** What the form shows: the schema's first message per field. */
function messagesOf(password: string, confirmation: string): Record<string, string> {
  const result = newPasswordFormSchema.safeParse({ password, confirmation });
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

describe('new password rules (spec 001 §5)', () => {
  it.each([
    ['', '', { password: ACCOUNT_MESSAGES.passwordRequired }],
    ['12345', '12345', { password: ACCOUNT_MESSAGES.passwordTooShort }],
    ['123456', '12345x', { confirmation: ACCOUNT_MESSAGES.passwordsDoNotMatch }],
    ['123456', '123456', {}],
  ])('%j / %j', (password, confirmation, expected) => {
    expect(messagesOf(password, confirmation)).toEqual(expected);
  });
});

describe('profile photo check (spec 001 §5)', () => {
  it('refuses what is not an image, and more than 5 MB', () => {
    expect(checkImageFile(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe(
      ACCOUNT_MESSAGES.imageInvalid,
    );
    const big = new File([new Uint8Array(5_242_881)], 'big.jpg', { type: 'image/jpeg' });
    expect(checkImageFile(big)).toBe(ACCOUNT_MESSAGES.imageTooLarge);
    const ok = new File([new Uint8Array(5_242_880)], 'ok.jpg', { type: 'image/jpeg' });
    expect(checkImageFile(ok)).toBeNull();
  });
});

describe('sign-out (spec 000 §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().clearSession();
  });

  it('clears local state before the server answers, and tolerates a failed server call', async () => {
    useAuthStore.getState().setSession({ id: 'u1', email: 'ada@example.com' }, null, 'pro');
    let stateWhenCalled: unknown;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        stateWhenCalled = useAuthStore.getState().user;
        return Promise.reject(new TypeError('offline'));
      }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSignOut(), { wrapper });
    await act(() => result.current());
    expect(stateWhenCalled).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ user: null, profile: null, subscriptionTier: 'free' });
  });
});
