import {
  DEFAULT_SUBSCRIPTION_TIER,
  DEMO_ACCOUNT,
  SUBSCRIPTION_TIERS,
  USER_ROLES,
  accountProfileSchema,
  type AccountProfile,
  type Session,
  type SubscriptionTier,
  type UserRole,
} from '@klang/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS, persistStorage } from '../../lib/storage';

export type AuthUser = Session['user'];
/** The profile as the server sends it; older stored copies may lack the later fields. */
export type AuthProfile = Pick<AccountProfile, 'id' | 'username' | 'role' | 'artistName'> &
  Partial<AccountProfile>;

type AuthState = {
  user: AuthUser | null;
  profile: AuthProfile | null;
  subscriptionTier: SubscriptionTier;
  /** From the server's session alone, never stored: it lists the team's pages (decision 0309). */
  isAdmin: boolean;
  /**
   * From the server's session alone, never stored (decision 0255): true until the server says
   * otherwise, so nothing asks for a confirmation on the strength of an old copy.
   */
  emailVerified: boolean;
  /** A form's message that outlives the form (the signup's), UI state beside the session. */
  error: string | null;
  setSession: (user: AuthUser, profile?: AuthProfile | null, tier?: SubscriptionTier) => void;
  /** Takes the server's view of the signed-in account (GET /api/accounts/session, sign-in, sign-up). */
  applySession: (session: Session) => void;
  setProfile: (profile: AuthProfile | null) => void;
  setError: (error: string | null) => void;
  /** Spec 000 §4: sign-out clears local state first (user, profile, tier back to free). */
  clearSession: () => void;
};

type PersistedAuth = Pick<AuthState, 'user' | 'profile' | 'subscriptionTier'>;

const signedOut: PersistedAuth = { user: null, profile: null, subscriptionTier: DEFAULT_SUBSCRIPTION_TIER };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readUser(value: unknown): AuthUser | null {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.email !== 'string') return null;
  return { id: value.id, email: value.email };
}

function readProfile(value: unknown): AuthProfile | null {
  const full = accountProfileSchema.safeParse(value);
  if (full.success) return full.data;
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.username !== 'string') return null;
  const role = (USER_ROLES as readonly unknown[]).includes(value.role)
    ? (value.role as UserRole)
    : 'listener';
  const artistName = typeof value.artistName === 'string' ? value.artistName : null;
  return { id: value.id, username: value.username, role, artistName };
}

function readTier(value: unknown): SubscriptionTier {
  return (SUBSCRIPTION_TIERS as readonly unknown[]).includes(value)
    ? (value as SubscriptionTier)
    : DEFAULT_SUBSCRIPTION_TIER;
}

/**
 * The signed-in user as this browser knows it (spec 000 §3 auth state), kept in localStorage as
 * 'auth-storage' so user, profile and tier survive a reload. The server's session stays the truth:
 * this only decides what to show before the server has answered.
 *
 * The one copy of the session in the browser: the session query (`use-session-restore.ts`) asks
 * the server and writes its answer here rather than keeping it. A query cache would lose it on a
 * reload, and persisting that cache would put a persister on the first route for one record.
 */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...signedOut,
      isAdmin: false,
      emailVerified: true,
      error: null,
      setSession: (user, profile = null, tier = DEFAULT_SUBSCRIPTION_TIER) =>
        set({ user, profile, subscriptionTier: tier, emailVerified: true, error: null }),
      applySession: (session) =>
        set({
          user: session.user,
          profile: session.profile,
          subscriptionTier: session.subscriptionTier,
          isAdmin: session.isAdmin,
          emailVerified: session.emailVerified,
          error: null,
        }),
      setProfile: (profile) => set({ profile }),
      setError: (error) => set({ error }),
      clearSession: () => set({ ...signedOut, isAdmin: false, emailVerified: true, error: null }),
    }),
    {
      name: STORAGE_KEYS.auth,
      storage: createJSONStorage(() => persistStorage),
      partialize: ({ user, profile, subscriptionTier }): PersistedAuth => ({
        user,
        profile,
        subscriptionTier,
      }),
      // Stored data can be stale or edited by hand: keep only what still has the right shape.
      merge: (persisted, current) => {
        if (!isRecord(persisted)) return current;
        const user = readUser(persisted.user);
        if (!user) return { ...current, ...signedOut };
        return {
          ...current,
          user,
          profile: readProfile(persisted.profile),
          subscriptionTier: readTier(persisted.subscriptionTier),
        };
      },
    },
  ),
);

/** True when the signed-in account is the shared demo account (spec 001 §4: demo mode). */
export function isDemoUser(user: AuthUser | null): boolean {
  return user?.email === DEMO_ACCOUNT.email;
}

/**
 * Spec 002 §4: the user type is the profile's role as the server resolved it (artist profile,
 * else listener profile, else role); anything unknown reads as listener.
 */
export function userTypeOf(profile: AuthProfile | null): UserRole {
  return profile?.role ?? 'listener';
}
