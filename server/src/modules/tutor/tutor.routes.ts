import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  TUTOR_LIMITS,
  tutorRequestSchema,
  tutorResponseSchema,
  voiceAgentSessionSchema,
} from '@klang/domain';
import { limitPerAccount } from '../../plugins/rate-limit';
import type { SessionAccount } from '../../plugins/session';
import type { TutorService, TutorVariant } from './tutor.service';
import type { VoiceAgentSessions } from './voice-agent-session';

/** The agent socket's origin as the browser reached this server (ws behind http, wss behind https). */
function socketOrigin(request: FastifyRequest): string {
  return `${request.protocol === 'https' ? 'wss' : 'ws'}://${request.host}`;
}

export const tutorRoutes: FastifyPluginAsyncZod<{
  service: TutorService;
  /** The configured voice agent's session opener, chosen when the area is wired. */
  voiceAgentSession: VoiceAgentSessions;
  assertAllowed(account: SessionAccount | null, tool: 'test-voice'): Promise<SessionAccount>;
}> = async (app, options) => {
  const variants: [string, TutorVariant][] = [
    ['/functions/v1/tutor-response', 'tutorlab'],
    ['/functions/v1/abel-response', 'abel'],
  ];
  for (const [url, variant] of variants) {
    app.post(
      url,
      {
        schema: { tags: ['tutor'], body: tutorRequestSchema, response: { 200: tutorResponseSchema } },
        ...limitPerAccount(TUTOR_LIMITS.requestsPerMinute),
      },
      async (request) => options.service.respond(request.account, variant, request.body),
    );
  }

  /**
   * Where the live voice agent page connects (spec 002 §2.5): a signed URL either way, to Klang's
   * own agent server or to the ElevenLabs agent.
   */
  app.get(
    '/api/tutor/voice-agent/session',
    {
      schema: { tags: ['tutor'], response: { 200: voiceAgentSessionSchema } },
      ...limitPerAccount(20),
    },
    async (request, reply) => {
      const account = await options.assertAllowed(request.account, 'test-voice');
      reply.header('Cache-Control', 'no-store');
      return options.voiceAgentSession(account.id, socketOrigin(request));
    },
  );
};
