import { isApiError } from '../../../lib/api-error';

/**
 * What a Kit screen says when one of its functions fails (spec 002 §8): the server's own text
 * (the body's `error` or `message`), else, when the body said nothing readable,
 * `HTTP {status}: {statusText}`. A call that never reached the server says so; anything else
 * (an answer that broke the contract) gets the screen's own fallback.
 */
export function kitErrorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.serverMessage) return error.serverMessage;
  if (error.status === 0) return error.message;
  if (error.status < 400) return fallback;
  return `HTTP ${String(error.status)}: ${error.statusText}`;
}
