import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { externalReferrer, sendAnalyticsEvent } from '../../lib/analytics';

/**
 * Reports a page view on every route change (spec 002 §4) to the first-party endpoint. Only the
 * path is sent: queries can hold emails (/unsubscribe) or checkout session ids.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const lastPath = useRef<string | null>(null);
  useEffect(() => {
    // Also absorbs StrictMode's second effect run and query-only changes of the same page.
    if (lastPath.current === pathname) return;
    const referrer = lastPath.current ?? externalReferrer();
    lastPath.current = pathname;
    sendAnalyticsEvent({ name: 'page_view', path: pathname, ...(referrer ? { referrer } : {}) });
  }, [pathname]);
}
