import type { Location } from 'react-router';

/**
 * The router state a protected route leaves behind when it sends a visitor to /login
 * (spec 002 §2.1): where they were going, so sign-in can take them back there.
 */
export type AuthRedirectState = { from: Location };

/** The in-app path to return to after sign-in, or null when the state holds none. */
export function readRedirectTarget(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from: unknown = state.from;
  if (typeof from !== 'object' || from === null || !('pathname' in from)) return null;
  const { pathname } = from;
  // Only a same-app path: never follow something like //evil.example.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return null;
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
