import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { formsEndpoints } from '@klang/domain';

/**
 * A solved ALTCHA challenge from the app's own challenge route, as the widget sends it: base64
 * JSON of the challenge and its solution. Start the app with a small `ALTCHA_MAX_NUMBER`.
 */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ url: formsEndpoints.captchaChallenge.path });
  if (response.statusCode !== 200) throw new Error(`no challenge: ${response.body}`);
  const challenge = response.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
