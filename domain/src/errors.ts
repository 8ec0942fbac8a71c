import { z } from 'zod';

/** Every error the API answers with has one of these codes (CONTRIBUTING.md, Errors and messages). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'RATE_LIMITED',
  /** The sign-in needs a solved captcha first (decision 0253): show the check, then try again. */
  'CHALLENGE_REQUIRED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldErrorsSchema = z.record(z.string(), z.string());

/** The body of every error response of the `/api` resource endpoints. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: fieldErrorsSchema.optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
