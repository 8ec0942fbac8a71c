import { LOCAL_AGENT_ID, TUTOR_MESSAGES, type VoiceAgentSession } from '@klang/domain';
import { AppError } from '../../errors';
import type { VoiceAgentProvider } from '../../providers/voice-agent/voice-agent';
import { AGENT_PATH } from './agent-server';
import type { TicketSigner } from './voice-agent-ticket';

/**
 * Opens a live voice agent session for an account already allowed the tool: the signed URL the
 * page connects to (spec 002 §2.5). `socketOrigin` is this server as the browser reached it.
 */
export type VoiceAgentSessions = (accountId: string, socketOrigin: string) => Promise<VoiceAgentSession>;

/**
 * The session opener of the configured voice agent, chosen once when the tutor area is wired:
 * Klang's own agent server (a URL with a short-lived ticket for the account), or the ElevenLabs
 * agent (a signed URL from its API, so the key never leaves the server).
 */
export function createVoiceAgentSessions(deps: {
  voiceAgent: VoiceAgentProvider;
  tickets: TicketSigner;
  log: { warn(details: object, message: string): void };
}): VoiceAgentSessions {
  const { voiceAgent, tickets } = deps;
  if (voiceAgent.kind === 'local') {
    return async (accountId, socketOrigin) => ({
      kind: 'local',
      signedUrl: `${socketOrigin}${AGENT_PATH}?agent_id=${LOCAL_AGENT_ID}&conversation_signature=${tickets.issue(accountId)}`,
    });
  }
  return async () => {
    try {
      return { kind: 'elevenlabs', signedUrl: await voiceAgent.signedUrl(AbortSignal.timeout(15_000)) };
    } catch (error) {
      deps.log.warn({ err: error }, 'voice agent signed URL failed');
      throw new AppError('UNAVAILABLE', TUTOR_MESSAGES.voiceAgentUnavailable);
    }
  };
}
