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
  readonly code: ErrorCode;
  readonly fields: Readonly<Record<string, string>>;
  readonly requestId: string | undefined;

  constructor(options: {
    status: number;
    code: ErrorCode;
    message: string;
    fields?: Record<string, string> | undefined;
    requestId?: string | undefined;
  }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields ?? {};
    this.requestId = options.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
