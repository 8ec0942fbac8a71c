import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from './auth-store';

describe('useAuthStore', () => {
  afterEach(() => {
    localStorage.clear();
    useAuthStore.getState().clearSession();
  });

  it('starts signed out on the free tier', () => {
    const { user, profile, subscriptionTier } = useAuthStore.getState();
    expect({ user, profile, subscriptionTier }).toEqual({
      user: null,
      profile: null,
      subscriptionTier: 'free',
    });
  });

  it('persists user, profile and tier as auth-storage', () => {
    useAuthStore
      .getState()
      .setSession(
        { id: 'u1', email: 'ada@example.com' },
        { id: 'u1', username: 'ada', role: 'artist', artistName: 'Ada' },
        'trial',
      );
    const stored = JSON.parse(localStorage.getItem('auth-storage') ?? '{}') as { state?: unknown };
    expect(stored.state).toEqual({
      user: { id: 'u1', email: 'ada@example.com' },
      profile: { id: 'u1', username: 'ada', role: 'artist', artistName: 'Ada' },
      subscriptionTier: 'trial',
    });
  });

  it('treats malformed stored data as signed out', async () => {
    localStorage.setItem(
      'auth-storage',
      JSON.stringify({ state: { user: { id: 42 }, subscriptionTier: 'gold' } }),
    );
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState().user).toBeNull();
    expect(useAuthStore.getState().subscriptionTier).toBe('free');
  });

  it('clears everything on sign-out', () => {
    useAuthStore.getState().setSession({ id: 'u1', email: 'ada@example.com' }, null, 'pro');
    useAuthStore.getState().clearSession();
    expect(useAuthStore.getState()).toMatchObject({ user: null, profile: null, subscriptionTier: 'free' });
  });

  it('takes whether the address is confirmed from the server alone: never stored, reset on sign-out', () => {
    useAuthStore.getState().applySession({
      user: { id: '00000000-0000-4000-8000-000000000001', email: 'ada@example.com' },
      profile: null,
      userType: 'listener',
      subscriptionTier: 'free',
      isDemo: false,
      isAdmin: false,
      emailVerified: false,
    });
    expect(useAuthStore.getState().emailVerified).toBe(false);
    expect(localStorage.getItem('auth-storage')).not.toContain('emailVerified');
    useAuthStore.getState().clearSession();
    expect(useAuthStore.getState().emailVerified).toBe(true);
  });
});
