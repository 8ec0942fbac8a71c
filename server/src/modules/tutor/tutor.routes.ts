import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TUTOR_LIMITS, tutorEndpoints, type VoiceAgentHearing } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { limitPerAccount } from '../../plugins/rate-limit';
import type { SessionAccount } from '../../plugins/session';
import type { TutorService } from './tutor.service';
import type { VoiceAgentSessions } from './voice-agent-session';

export const tutorRoutes: FastifyPluginAsyncZod<{
  service: TutorService;
  /** The configured voice agent's session opener, chosen when the area is wired. */
  voiceAgentSession: VoiceAgentSessions;
  assertAllowed(account: SessionAccount | null, tool: 'test-voice'): Promise<SessionAccount>;
  /** What the configured voice agent can hear, fixed when the area is wired. */
  hearing: VoiceAgentHearing;
}> = async (app, options) => {
  contractRoute(
    app,
    tutorEndpoints.tutorResponse,
    limitPerAccount(TUTOR_LIMITS.requestsPerMinute),
    async (request) => options.service.respond(request.account, 'tutorlab', request.body),
  );

  contractRoute(
    app,
    tutorEndpoints.abelResponse,
    limitPerAccount(TUTOR_LIMITS.requestsPerMinute),
    async (request) => options.service.respond(request.account, 'abel', request.body),
  );

  /**
   * Where the live voice agent page connects (spec 002 §2.5): a signed URL either way, to Klang's
   * own agent server or to the ElevenLabs agent.
   */
  contractRoute(app, tutorEndpoints.voiceAgentSession, limitPerAccount(20), async (request, reply) => {
    const account = await options.assertAllowed(request.account, 'test-voice');
    reply.header('Cache-Control', 'no-store');
    return options.voiceAgentSession(account.id);
  });

  /** Asked before a session opens: the page offers the microphone only when speech is heard. */
  contractRoute(app, tutorEndpoints.voiceAgentHearing, limitPerAccount(20), async (request) => {
    await options.assertAllowed(request.account, 'test-voice');
    return options.hearing;
  });
};
