import { TIER_LIMITS, type SubscriptionTier, type UserRole } from '../tiers';

/**
 * Who may call an endpoint, how often, what a cache may keep of its answers and how its errors
 * read (decision 0310), written once in its contract entry. The server's `contractRoute` applies
 * it, so a route is "parse, call the service, answer"; `route-guards.routes.test.ts` walks every
 * entry and proves each refusal, the limit and the header; the OpenAPI document shows it per
 * operation. An entry without a policy is a type error.
 */
export interface EndpointPolicy {
  readonly access: EndpointAccess;
  /**
   * What a signed-in caller of the wrong kind is told, with a 403 (`artist`, `pro`, `admin`);
   * each kind has a default (`server/src/lib/contract-route.ts`).
   */
  readonly refusal?: string;
  /**
   * A temporary checkout account (decision 0132) is signed in here; everywhere else it is nobody,
   * so every rule for a visitor holds for it.
   */
  readonly temporaryAccount?: 'allowed';
  /** The shared demo account may not do this (spec 001 §6): it is refused with this message. */
  readonly demoAccount?: { readonly refused: string };
  /** Requests within the window before the next is refused with 429; `null`: not limited. */
  readonly limit: EndpointLimit | null;
  /** The `Cache-Control` every answer carries, a refusal included; unset: none. */
  readonly cache?: CacheControl;
  /** The body of an error (`api` unless said). */
  readonly dialect?: ErrorDialect;
}

/**
 * - `public`: anyone, signed in or not.
 * - `session`: a signed-in account (401 without one).
 * - `artist`: a signed-in artist.
 * - `pro`: a signed-in artist whose plan includes the Klang Kit (Pro or its trial).
 * - `admin`: a member of the Klang team (the `admins` table).
 * - `loopback`: this machine only; anyone else is told 404, as for a path that does not exist.
 */
export type EndpointAccess = 'public' | 'session' | 'artist' | 'pro' | 'admin' | 'loopback';

/** The windows a limit may count over, in milliseconds. */
export const LIMIT_WINDOWS = {
  '1 minute': 60_000,
  '5 minutes': 5 * 60_000,
  '10 minutes': 10 * 60_000,
  '15 minutes': 15 * 60_000,
  '1 hour': 60 * 60_000,
} as const;

export type LimitWindow = keyof typeof LIMIT_WINDOWS;

export interface EndpointLimit {
  readonly max: number;
  readonly window: LimitWindow;
  /**
   * `address`: counted per client address, before anything else is read. `account`: per
   * signed-in account (a signed-out caller counts against its address), so one person behind a
   * shared address does not starve another; an answer that failed on Klang's side (5xx) is given
   * back: a failure costs nothing.
   */
  readonly per: 'address' | 'account';
}

/** `max` requests a `window` from one address. */
export const perAddress = (max: number, window: LimitWindow): EndpointLimit => ({
  max,
  window,
  per: 'address',
});

/** `max` requests a `window` from one account. */
export const perAccount = (max: number, window: LimitWindow): EndpointLimit => ({
  max,
  window,
  per: 'account',
});

/**
 * - `no-store`, `private, no-store`: one caller's answer, once (deals, grants, a signed link).
 * - `private, no-cache`: that browser may keep it, and asks again before reuse.
 * - `private, max-age=N`: that browser may keep it N seconds (signed URLs that expire).
 * - `public, max-age=N`: the same for everyone; any cache may keep it N seconds.
 */
export type CacheControl =
  | 'no-store'
  | 'private, no-store'
  | 'private, no-cache'
  | `private, max-age=${number}`
  | `public, max-age=${number}`;

/**
 * - `api`: `{ error: { code, message, fields?, requestId } }`, Klang's own endpoints.
 * - `function`: the spec's named functions (spec 002 §7): `{ error, message, code, fields? }`,
 *   the text in both, since the spec reads `error` for most and `message` for some.
 * - `function-with-success`: a function that answers `success` whatever happened (spec 000 §7,
 *   secure-track-access): `{ success: false, ... }` as `function`.
 * - `rest`: the spec's REST calls: `{ code, message }`.
 */
export type ErrorDialect = 'api' | 'function' | 'function-with-success' | 'rest';

/** What a caller's kind is read from: their session's view (accounts). */
export interface CallerKind {
  readonly userType: UserRole;
  readonly subscriptionTier: SubscriptionTier;
  readonly isAdmin: boolean;
}

/** Whether a signed-in caller of this kind may call an endpoint of this access. */
export function callerMayAccess(access: EndpointAccess, caller: CallerKind): boolean {
  switch (access) {
    case 'public':
    case 'session':
    case 'loopback':
      return true;
    case 'artist':
      return caller.userType === 'artist';
    case 'pro':
      return caller.userType === 'artist' && TIER_LIMITS[caller.subscriptionTier].kit;
    case 'admin':
      return caller.isAdmin;
  }
}

/** One line for people: "20 per 5 minutes per address", or "not limited". */
export function describeLimit(limit: EndpointLimit | null): string {
  return limit ? `${String(limit.max)} per ${limit.window} per ${limit.per}` : 'not limited';
}
