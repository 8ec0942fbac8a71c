import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, type ErrorCode } from '@klang/domain';
import { DatabaseUnavailableError } from '../db/client';
import { AppError, codeForStatus } from '../errors';

interface Problem {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

/** What a 503 for a database outage asks the client to wait before trying again. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * One error handler for the whole API (CONTRIBUTING.md). Services throw AppError with a user-facing
 * message; validation failures name the fields; anything else is logged with the request id
 * and answered with a generic 500 that carries no internal detail.
 */
export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof DatabaseUnavailableError) {
        // An outage, not a bug: one line without a stack, and a hint of when to come back.
        request.log.warn({ reason: error.message }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return sendProblem(request, reply, {
          status: 503,
          code: 'UNAVAILABLE',
          message: MESSAGES.serviceUnavailable,
        });
      }
      const problem = toProblem(error);
      if (problem.status >= 500) {
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ code: problem.code, status: problem.status }, problem.message);
      }
      return sendProblem(request, reply, problem);
    });
  },
  { name: 'errors' },
);

function toProblem(error: FastifyError): Problem {
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.fields && { fields: error.fields }),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      // instancePath is a JSON pointer ("/body/trackId" style without the part name).
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
      fields[key] ??= issue.message ?? MESSAGES.invalidRequest;
    }
    const first = Object.values(fields)[0];
    return { status: 400, code: 'VALIDATION_FAILED', message: first ?? MESSAGES.invalidRequest, fields };
  }
  if (isResponseSerializationError(error)) {
    return { status: 500, code: 'INTERNAL', message: MESSAGES.internalError };
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) return { status, code: 'INTERNAL', message: MESSAGES.internalError };
  if (status === 429) return { status, code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests };
  // Fastify's own 4xx (bad JSON, body too large, wrong content type) carry safe messages.
  return { status, code: codeForStatus(status), message: error.message || MESSAGES.invalidRequest };
}

/**
 * An error reads in the dialect of its route's contract entry (decision 0310): the spec's named
 * functions and REST calls keep their documented bodies, Klang's own endpoints answer with the
 * domain error body, and so does anything outside the contract (a page, a path that is not one).
 */
function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: Problem) {
  reply.status(problem.status);
  const dialect = request.routeOptions.config.errorDialect ?? 'api';
  if (dialect === 'function' || dialect === 'function-with-success') {
    return reply.send({
      ...(dialect === 'function-with-success' && { success: false }),
      error: problem.message,
      message: problem.message,
      code: problem.code,
      ...(problem.fields && { fields: problem.fields }),
    });
  }
  if (dialect === 'rest') {
    return reply.send({ code: problem.code, message: problem.message });
  }
  return reply.send({
    error: {
      code: problem.code,
      message: problem.message,
      ...(problem.fields && { fields: problem.fields }),
      requestId: request.id,
    },
  });
}
