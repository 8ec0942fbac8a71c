import { createHash, createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import { formsEndpoints } from '@klang/domain';
import type { CaptchaProvider } from './captcha';

export interface AltchaOptions {
  /** Secret the HMAC keys are derived from (the data directory's session secret). */
  secret: string;
  /** The counter is drawn below this; the browser needs about half as many hashes on average. */
  maxNumber: number;
  expiresInSeconds: number;
  clock?: () => Date;
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        keySignature: z.string().optional(),
        expiresAt: z.number().optional(),
      })
      .loose(),
    signature: z.string().optional(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

/**
 * ALTCHA proof of work, verified here without any outside service (providers.md
 * §4). Challenges are signed in deterministic mode with SHA-256 and an expiry; the payload the
 * widget returns is base64 JSON of {challenge, solution}.
 */
export function createAltchaCaptcha(options: AltchaOptions): CaptchaProvider {
  // Separate keys for the two signatures, derived from one secret so nothing new must be stored.
  const signatureSecret = createHmac('sha256', options.secret).update('klang/altcha/signature').digest('hex');
  const keySecret = createHmac('sha256', options.secret).update('klang/altcha/key').digest('hex');
  const now = () => (options.clock ?? (() => new Date()))();

  return {
    name: 'altcha',
    origins: [],
    browserConfig: () => ({ provider: 'altcha', challengeUrl: formsEndpoints.captchaChallenge.path }),
    async createChallenge() {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(options.maxNumber),
        deriveKey,
        expiresAt: Math.floor(now().getTime() / 1000) + options.expiresInSeconds,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySecret,
      });
    },
    async verify(token) {
      const payload = decodePayload(token);
      if (!payload) return null;
      const expiresAt = payload.challenge.parameters.expiresAt;
      // WARNING: without an expiry ALTCHA never expires a challenge; ours always carry one.
      if (expiresAt === undefined || expiresAt * 1000 <= now().getTime()) return null;
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySecret,
      });
      if (!result.verified) return null;
      const nonce = payload.challenge.parameters.nonce;
      return {
        redemptionKey: createHash('sha256').update(`altcha:${nonce}`).digest('hex'),
        expiresAt: new Date(expiresAt * 1000),
      };
    },
  };
}

function decodePayload(token: string) {
  try {
    const json: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
