import { EMBED_LINK_PATH } from '@klang/domain';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** Extra origins media and images may come from (the S3 endpoint when S3 storage is used). */
  mediaOrigins: string[];
  /** Origins of a remote captcha (hCaptcha, Turnstile) when one is configured; none for ALTCHA. */
  captchaOrigins?: string[];
  /** Where the live voice agent's socket goes when it is not this server (ElevenLabs). */
  voiceAgentOrigins?: readonly string[];
}

/**
 * Security headers and a content security policy that fits the single-page app: a Vite build
 * emits only external module scripts, so `script-src 'self'` needs no nonce. Styles allow
 * inline because the dialog primitives inject a small <style> for scroll locking.
 * Later areas add their origins here (payments, captcha, voice agent), each only where needed.
 *
 * Helmet itself, built once: its Fastify wrapper (`@fastify/helmet` 13) builds the middleware,
 * and parses the policy, anew on every request, 5 % of the server's time under the listener
 * benchmark. The headers are the same.
 */
export const securityPlugin = fp(
  (app: FastifyInstance, options: SecurityOptions, ready: () => void) => {
    const captcha = options.captchaOrigins ?? [];
    const build = (frameAncestors: string[]) =>
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", ...captcha],
            styleSrc: ["'self'", "'unsafe-inline'", ...captcha],
            imgSrc: ["'self'", 'data:', 'blob:', ...options.mediaOrigins],
            mediaSrc: ["'self'", 'blob:', 'data:', ...options.mediaOrigins],
            // The storage origin too: SoundLab fetches a preset's saved sounds to build its zip.
            connectSrc: ["'self'", ...captcha, ...options.mediaOrigins, ...(options.voiceAgentOrigins ?? [])],
            // The remote captchas draw their challenge in a frame of their own.
            frameSrc: ["'self'", ...captcha],
            fontSrc: ["'self'", 'data:'],
            workerSrc: ["'self'", 'blob:'],
            objectSrc: ["'none'"],
            baseUri: ["'none'"],
            frameAncestors,
            formAction: ["'self'"],
          },
        },
        // Signed media URLs carry their signature in the query string; never leak it onwards.
        referrerPolicy: { policy: 'no-referrer' },
        strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
        crossOriginEmbedderPolicy: false,
        // Framing is refused by the policy's frame-ancestors; the old header says the same, or
        // nothing where a frame is meant (the embedded player).
        xFrameOptions: frameAncestors.includes("'none'") ? { action: 'sameorigin' } : false,
      });
    const headers = build(["'none'"]);
    // The embedded blind player (decision 0308) is the one page any site may frame: it plays a
    // share's public preview and links out, and no cookie reaches it from another site.
    const embedHeaders = build(['*']);
    app.addHook('onRequest', (request, reply, done) => {
      const chosen = EMBED_LINK_PATH.test(request.url.split('?')[0] ?? '') ? embedHeaders : headers;
      // Helmet 8 throws a bad option at build time; it calls back with nothing per request.
      chosen(request.raw, reply.raw, () => {
        done();
      });
    });
    ready();
  },
  { name: 'security' },
);
