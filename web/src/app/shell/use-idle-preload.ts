import { useEffect } from 'react';

const FALLBACK_DELAY_MS = 1_500;
const IDLE_TIMEOUT_MS = 5_000;

/**
 * Warms the image cache once the browser is idle (spec 002 §4), so the first card or badge shows
 * without a flash. Safari has no requestIdleCallback: a short timeout stands in.
 */
export function useIdlePreload(urls: readonly string[]): void {
  useEffect(() => {
    const preload = () => {
      for (const url of urls) {
        const image = new Image();
        image.decoding = 'async';
        image.src = url;
      }
    };
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(preload, { timeout: IDLE_TIMEOUT_MS });
      return () => {
        window.cancelIdleCallback(handle);
      };
    }
    const handle = setTimeout(preload, FALLBACK_DELAY_MS);
    return () => {
      clearTimeout(handle);
    };
  }, [urls]);
}
