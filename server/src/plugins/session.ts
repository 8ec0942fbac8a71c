import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@klang/domain';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { createSessionsRepository } from './sessions.repository';

/** Thirty days, refreshed by use: a session idle that long ends (ASVS 3.3). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Touch last_seen_at at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionAccount {
  id: string;
  email: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sessionCookieName(secure: boolean): string {
  // The __Host- prefix is only accepted by browsers on a Secure cookie.
  return secure ? '__Host-klang_session' : 'klang_session';
}

/**
 * Server-side sessions (docs/decisions/0003 and 0008): a random 256-bit token in an httpOnly,
 * SameSite=Lax cookie; the database keeps only its SHA-256. `request.account` is the signed-in
 * account or null; a contract entry's policy says which routes need one (`lib/contract-route.ts`),
 * so a request without a session is refused before its body is even looked at.
 * State-changing requests from another site are refused before any route runs (CSRF).
 */
/**
 * The signed-in account, for a handler whose entry needs a session: the type system cannot
 * see that the guard ran, so this says it once instead of a non-null assertion in every route.
 */
export function signedIn<T>(account: T | null): T {
  if (!account) throw new AppError('UNAUTHENTICATED', MESSAGES.userNotAuthenticated);
  return account;
}

export const signedInId = (account: { id: string } | null): string => signedIn(account).id;

export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; publicUrl: string }) => {
    const sessions = createSessionsRepository(options.db);
    const secure = options.publicUrl.startsWith('https://');
    const cookieName = sessionCookieName(secure);
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
    const ownOrigin = new URL(options.publicUrl).origin;

    app.decorateRequest('account', null);
    app.decorateRequest('sessionTokenHash', null);

    app.addHook('onRequest', async (request) => {
      if (!isStateChanging(request.method)) return;
      if (isCrossSite(request, ownOrigin)) {
        throw new AppError('FORBIDDEN', MESSAGES.accessDenied);
      }
    });

    app.addHook('preValidation', async (request) => {
      // Static files and the app shell never need the account: spare them the lookup.
      if (!API_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
      const token = request.cookies[cookieName];
      if (!token || token.length > 128) return;
      const tokenHash = hashToken(token);
      const row = await sessions.findLive(tokenHash);
      if (!row) return;
      request.sessionTokenHash = tokenHash;
      // A temporary checkout account is signed in only where the checkout and the artist signup
      // need it (decision 0132); everywhere else it is nobody, so every rule for a visitor holds.
      if (!row.is_temporary || request.routeOptions.config.allowTemporaryAccount === true) {
        request.account = { id: row.id, email: row.email };
      }
      if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
        await sessions.touch(tokenHash, SESSION_TTL_MS);
      }
    });

    app.decorate('startSession', async (reply: FastifyReply, request: FastifyRequest, accountId: string) => {
      const token = randomBytes(32).toString('base64url');
      await sessions.insert({
        tokenHash: hashToken(token),
        accountId,
        ttlMs: SESSION_TTL_MS,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        ip: request.ip,
      });
      reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
    });

    app.decorate('endSession', async (reply: FastifyReply, request: FastifyRequest) => {
      if (request.sessionTokenHash) {
        await sessions.delete(request.sessionTokenHash);
      }
      reply.clearCookie(cookieName, cookieOptions);
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);

// /payments/local/: the local provider's billing page acts for the signed-in account.
const API_PREFIXES = ['/api/', '/functions/', '/rest/', '/media/', '/payments/local/'];

function isStateChanging(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/**
 * Browsers send Sec-Fetch-Site on every request and Origin on every cross-origin POST; either
 * one naming another site is refused. Requests with neither (curl, server-to-server webhooks)
 * carry no ambient cookie from a victim's browser, so they are not a CSRF vector.
 */
function isCrossSite(request: FastifyRequest, ownOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin && origin !== 'null' && origin !== ownOrigin && fetchSite !== 'same-origin') return true;
  return origin === 'null';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route serves a temporary checkout account as signed in (checkout and artist signup only). */
    allowTemporaryAccount?: boolean;
  }
  interface FastifyRequest {
    account: SessionAccount | null;
    sessionTokenHash: string | null;
  }
  interface FastifyInstance {
    startSession: (reply: FastifyReply, request: FastifyRequest, accountId: string) => Promise<void>;
    endSession: (reply: FastifyReply, request: FastifyRequest) => Promise<void>;
  }
}
