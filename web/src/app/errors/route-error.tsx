import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';
import { isChunkLoadError } from './is-chunk-load-error';

/** The router's errorElement: a failed lazy import and a render crash get different words. */
export function RouteError() {
  const error = useRouteError();
  const isChunkFailure = isChunkLoadError(error);
  useEffect(() => {
    // Logged for whoever opens the console; the screen itself never shows a stack trace.
    console.error(isChunkFailure ? 'A route failed to load' : 'A route crashed', error);
  }, [error, isChunkFailure]);
  return <ErrorScreen kind={isChunkFailure ? 'chunk' : 'crash'} />;
}
