import { analyticsEndpoints, type AnalyticsEvent } from '@klang/domain';
import { api } from './api-client';
import { STORAGE_KEYS, safeStorage } from './storage';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Limits of analyticsEventSchema (@klang/domain); the server rejects longer values.
const MAX_PATH = 512;
const MAX_REFERRER = 1024;

let sessionVisitorId: string | undefined;

/**
 * A random id for this browser, kept in localStorage: first-party analytics counts visitors
 * without cookies or third parties. Where storage is refused it lasts for the page.
 */
export function getVisitorId(): string {
  const stored = safeStorage.get(STORAGE_KEYS.visitor);
  if (stored && UUID_PATTERN.test(stored)) return stored;
  sessionVisitorId ??= crypto.randomUUID();
  safeStorage.set(STORAGE_KEYS.visitor, sessionVisitorId);
  return sessionVisitorId;
}

/** Sends one event and forgets it: analytics must never slow or break a screen. */
export function sendAnalyticsEvent(event: Omit<AnalyticsEvent, 'visitorId'>): void {
  const body: AnalyticsEvent = {
    ...event,
    path: event.path.slice(0, MAX_PATH),
    ...(event.referrer ? { referrer: event.referrer.slice(0, MAX_REFERRER) } : {}),
    visitorId: getVisitorId(),
  };
  // keepalive lets the request finish when the page is being left. Every failure is ignored,
  // including fetch's own synchronous throw (a keepalive body over quota), which the async call
  // turns into a rejection.
  api.call(analyticsEndpoints.recordAnalyticsEvent, { body, keepalive: true }).catch(() => undefined);
}

/**
 * The referrer of the first page view: only the origin of another site, never its path or query,
 * which can carry someone else's identifiers.
 */
export function externalReferrer(): string | undefined {
  if (!document.referrer) return undefined;
  try {
    const url = new URL(document.referrer);
    return url.origin === window.location.origin ? undefined : url.origin;
  } catch {
    return undefined;
  }
}
