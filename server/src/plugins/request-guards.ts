import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@klang/domain';
import { AppError } from '../errors';

export interface RequestGuardsOptions {
  /** PUBLIC_URL: where a browser that opened Klang at another address is sent first. */
  publicUrl: string;
  /** Origins the app may be used at (config.trustedOrigins); every other one is sent to PUBLIC_URL. */
  trustedOrigins: readonly string[];
}

/** Paths the browser never navigates to as a page: APIs, functions and media answer where asked. */
const NON_PAGE_PREFIXES = ['/api/', '/functions/', '/rest/', '/media/'];

/** Whether a parsed request part holds a NUL character in any string, key or value, at any depth. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  // Parsed JSON, forms and queries are plain objects; a stream or a buffer (uploads) is not text.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * Two guards every route gets (issue 18, decision 0133):
 *
 * - A NUL character anywhere in the body, query or path parameters is refused with a 400 and a
 *   clear message, before any handler runs: PostgreSQL cannot store one in text, so it would
 *   otherwise surface as a 500 from whichever statement met it first.
 * - A page navigation to an origin Klang is not configured for (say `http://127.0.0.1:3000` when
 *   PUBLIC_URL is `http://localhost:3000`) is redirected to the same path at PUBLIC_URL before
 *   anything is set: the session cookie, the checkout's return and its `form-action 'self'` all
 *   belong to one origin, so a visitor who starts elsewhere could pay and never get back.
 *   Only navigations (`Sec-Fetch-Mode: navigate`) are moved; API calls are answered where made.
 */
export const requestGuardsPlugin = fp(
  (app: FastifyInstance, options: RequestGuardsOptions, done: (error?: Error) => void) => {
    const publicUrl = new URL(options.publicUrl);

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (request.headers['sec-fetch-mode'] !== 'navigate') return;
      if (NON_PAGE_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
      const origin = `${request.protocol}://${request.host}`;
      if (options.trustedOrigins.includes(origin)) return;
      // The path only, never a scheme-relative `//host`: the request never chooses where it points.
      return reply.redirect(`${publicUrl.origin}/${request.url.replace(/^\/+/, '')}`, 308);
    });

    // After validation (so a visitor without a session is still told 401 first) and before the
    // handler: the parsed body, query and parameters as the route will see them.
    app.addHook('preHandler', async (request) => {
      if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
        throw new AppError('VALIDATION_FAILED', MESSAGES.nulCharacter);
      }
    });
    done();
  },
  { name: 'request-guards' },
);
