import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  LOCAL_AGENT_ID,
  TUTOR_LIMITS,
  TUTOR_MESSAGES,
  tutorRequestSchema,
  tutorResponseSchema,
  voiceAgentSessionSchema,
} from '@klang/domain';
import { AppError } from '../../errors';
import { limitPerAccount } from '../../plugins/rate-limit';
import type { SessionAccount } from '../../plugins/session';
import type { VoiceAgentProvider } from '../../providers/voice-agent/voice-agent';
import { AGENT_PATH } from './agent-server';
import type { TutorService, TutorVariant } from './tutor.service';
import type { TicketSigner } from './voice-agent-ticket';

/** The agent socket's origin as the browser reached this server (ws behind http, wss behind https). */
function socketOrigin(request: FastifyRequest): string {
  return `${request.protocol === 'https' ? 'wss' : 'ws'}://${request.host}`;
}

export const tutorRoutes: FastifyPluginAsyncZod<{
  service: TutorService;
  voiceAgent: VoiceAgentProvider;
  tickets: TicketSigner;
  assertAllowed(account: SessionAccount | null, tool: 'test-voice'): Promise<SessionAccount>;
  log: { warn(details: object, message: string): void };
}> = async (app, options) => {
  const variants: [string, TutorVariant][] = [
    ['/functions/v1/tutor-response', 'tutorlab'],
    ['/functions/v1/abel-response', 'abel'],
  ];
  for (const [url, variant] of variants) {
    app.post(
      url,
      {
        schema: { tags: ['kit'], body: tutorRequestSchema, response: { 200: tutorResponseSchema } },
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
    '/api/kit/voice-agent/session',
    {
      schema: { tags: ['kit'], response: { 200: voiceAgentSessionSchema } },
      ...limitPerAccount(20),
    },
    async (request, reply) => {
      const account = await options.assertAllowed(request.account, 'test-voice');
      reply.header('Cache-Control', 'no-store');
      if (options.voiceAgent.kind === 'local') {
        const ticket = options.tickets.issue(account.id);
        return {
          kind: 'local' as const,
          signedUrl: `${socketOrigin(request)}${AGENT_PATH}?agent_id=${LOCAL_AGENT_ID}&conversation_signature=${ticket}`,
        };
      }
      try {
        return {
          kind: 'elevenlabs' as const,
          signedUrl: await options.voiceAgent.signedUrl(AbortSignal.timeout(15_000)),
        };
      } catch (error) {
        options.log.warn({ err: error }, 'voice agent signed URL failed');
        throw new AppError('UNAVAILABLE', TUTOR_MESSAGES.voiceAgentUnavailable);
      }
    },
  );
};
