import { canUseKitTool } from '@klang/domain';
import type { FastifyInstance } from 'fastify';
import type { Providers } from '../../providers/registry';
import type { Secrets } from '../../secrets';
import type { AccountsService } from '../accounts/accounts.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { KitService } from '../kit/kit.service';
import { attachAgentServer } from './agent-server';
import { tutorRoutes } from './tutor.routes';
import { createTutorService } from './tutor.service';
import { createVoiceAgentSessions } from './voice-agent-session';
import { createTicketSigner } from './voice-agent-ticket';

/**
 * The tutor area (issue 10): the two tutor functions, the voice agent's session route and, when
 * Klang runs its own agent, the agent server on the HTTP server's WebSocket upgrade.
 */
export async function registerTutor(
  app: FastifyInstance,
  deps: {
    providers: Providers;
    kit: KitService;
    catalogue: CatalogueService;
    sessions: Pick<AccountsService['sessions'], 'session'>;
    secrets: Secrets;
    /** PUBLIC_URL: the local agent's socket is on its origin. */
    publicUrl: string;
    /** PUBLIC_URL's origin and TRUSTED_ORIGINS: the pages that may open the agent's socket. */
    trustedOrigins: readonly string[];
  },
) {
  const { providers, kit } = deps;
  const service = createTutorService({
    llm: providers.llm,
    tts: providers.tts,
    assertAllowed: kit.assertAllowed,
    catalogue: deps.catalogue,
    log: app.log,
  });
  const tickets = createTicketSigner(deps.secrets.session);
  await app.register(tutorRoutes, {
    service,
    voiceAgentSession: createVoiceAgentSessions({
      voiceAgent: providers.voiceAgent,
      tickets,
      publicUrl: deps.publicUrl,
      log: app.log,
    }),
    // ElevenLabs' agent hears for itself; Klang's own hears only with a speech-to-text engine.
    hearing: { speechToText: providers.voiceAgent.kind !== 'local' || providers.stt.transcribe !== null },
  });
  if (providers.voiceAgent.kind !== 'local') return;
  const agent = attachAgentServer(app.server, {
    llm: providers.llm,
    stt: providers.stt,
    speakPcm: (text, signal) => service.speakPcm(text, signal),
    catalogueTracks: (accountId, genre) => service.catalogueTracks(accountId, genre),
    tickets,
    allowedOrigins: deps.trustedOrigins,
    mayUse: (accountId) =>
      deps.sessions
        .session(accountId)
        .then((access) => canUseKitTool(access, 'test-voice'))
        .catch(() => false),
    log: app.log,
  });
  app.addHook('onClose', async () => {
    agent.close();
  });
}
