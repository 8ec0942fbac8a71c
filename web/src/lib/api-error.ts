import type { ErrorCode } from '@klang/domain';

// Kept apart from api-client.ts, which parses with zod: the query client checks errors on every
// screen, and this file is all it needs.

/**
 * A failed API call, ready for a screen: `message` is always a readable sentence (the server's own
 * where it sent one), never a stack trace or "undefined". `status` is 0 when the network failed.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The status line's text ("Internal Server Error"); empty when the network failed. */
  readonly statusText: string;
  readonly code: ErrorCode;
  /**
   * The `code` the error body carried as sent, also when it is not one of Klang's: the spec's
   * interest form tells a duplicate email by PostgreSQL's `23505` (spec 000 §8).
   */
  readonly bodyCode: string | undefined;
  /**
   * The server's own sentence, when it sent one; `message` falls back to a sentence for the
   * status. The Kit shows `HTTP {status}: {statusText}` instead when there is none (spec 002 §8).
   */
  readonly serverMessage: string | undefined;
  readonly fields: Readonly<Record<string, string>>;
  readonly requestId: string | undefined;

  constructor(options: {
    status: number;
    statusText?: string | undefined;
    code: ErrorCode;
    bodyCode?: string | undefined;
    message: string;
    serverMessage?: string | undefined;
    fields?: Record<string, string> | undefined;
    requestId?: string | undefined;
  }) {
    super(options.message);
    this.status = options.status;
    this.statusText = options.statusText ?? '';
    this.code = options.code;
    this.bodyCode = options.bodyCode;
    this.serverMessage = options.serverMessage;
    this.fields = options.fields ?? {};
    this.requestId = options.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
