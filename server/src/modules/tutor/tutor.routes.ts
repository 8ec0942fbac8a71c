import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tutorEndpoints, type VoiceAgentHearing } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedInId } from '../../plugins/session';
import type { TutorService } from './tutor.service';
import type { VoiceAgentSessions } from './voice-agent-session';

export const tutorRoutes: FastifyPluginAsyncZod<{
  service: TutorService;
  /** The configured voice agent's session opener, chosen when the area is wired. */
  voiceAgentSession: VoiceAgentSessions;
  /** What the configured voice agent can hear, fixed when the area is wired. */
  hearing: VoiceAgentHearing;
}> = async (app, options) => {
  contractRoute(app, tutorEndpoints.tutorResponse, async (request) =>
    options.service.respond(request.account, 'tutorlab', request.body),
  );

  contractRoute(app, tutorEndpoints.abelResponse, async (request) =>
    options.service.respond(request.account, 'abel', request.body),
  );

  /**
   * Where the live voice agent page connects (spec 002 §2.5): a signed URL either way, to Klang's
   * own agent server or to the ElevenLabs agent.
   */
  contractRoute(app, tutorEndpoints.voiceAgentSession, async (request) =>
    options.voiceAgentSession(signedInId(request.account)),
  );

  /** Asked before a session opens: the page offers the microphone only when speech is heard. */
  contractRoute(app, tutorEndpoints.voiceAgentHearing, async () => options.hearing);
};
