import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { CaptchaProvider } from './captcha';

export interface SiteverifyOptions {
  kind: 'hcaptcha' | 'turnstile';
  siteKey: string;
  secret: string;
  /** The siteverify endpoint; configurable so tests can answer from a local server. */
  verifyUrl: string;
  fetch?: typeof fetch;
}

const ORIGINS = {
  hcaptcha: ['https://js.hcaptcha.com', 'https://hcaptcha.com', 'https://*.hcaptcha.com'],
  turnstile: ['https://challenges.cloudflare.com'],
} as const;

const SCRIPTS = {
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
} as const;

const answerSchema = z.object({ success: z.boolean() }).loose();

/** Tokens of both services are valid for at most five minutes (providers.md §4). */
const TOKEN_LIFETIME_MS = 300_000;

/**
 * hCaptcha and Cloudflare Turnstile share one shape: the widget yields a token, the server posts
 * it with the secret to siteverify as a form (hCaptcha accepts only form-urlencoded).
 */
export function createSiteverifyCaptcha(options: SiteverifyOptions): CaptchaProvider {
  const doFetch = options.fetch ?? fetch;
  return {
    name: options.kind,
    origins: [...ORIGINS[options.kind]],
    browserConfig: () => ({
      provider: options.kind,
      siteKey: options.siteKey,
      challengeUrl: SCRIPTS[options.kind],
    }),
    async verify(token, remoteIp) {
      const form = new URLSearchParams({ secret: options.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      if (options.kind === 'hcaptcha') form.set('sitekey', options.siteKey);
      let answer: unknown;
      try {
        const response = await doFetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) return null;
        answer = await response.json();
      } catch {
        // An unreachable verifier refuses the submission: never let it through unverified.
        return null;
      }
      const parsed = answerSchema.safeParse(answer);
      if (!parsed.success || !parsed.data.success) return null;
      return {
        redemptionKey: createHash('sha256').update(`${options.kind}:${token}`).digest('hex'),
        expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS),
      };
    },
  };
}
