import { LOCAL_AGENT_ID, TUTOR_MESSAGES, type VoiceAgentSession } from '@klang/domain';
import { AppError } from '../../errors';
import type { VoiceAgentProvider } from '../../providers/voice-agent/voice-agent';
import { AGENT_PATH } from './agent-server';
import type { TicketSigner } from './voice-agent-ticket';

/**
 * Opens a live voice agent session for an account already allowed the tool: the signed URL the
 * page connects to (spec 002 §2.5).
 */
export type VoiceAgentSessions = (accountId: string) => Promise<VoiceAgentSession>;

/**
 * The local agent's socket origin: PUBLIC_URL's, as ws or wss (decision 0259). Never the
 * request's Host or X-Forwarded-Host, which whoever sends the request chooses.
 */
export function agentSocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.origin;
}

/**
 * The session opener of the configured voice agent, chosen once when the tutor area is wired:
 * Klang's own agent server (a URL with a short-lived ticket for the account), or the ElevenLabs
 * agent (a signed URL from its API, so the key never leaves the server).
 */
export function createVoiceAgentSessions(deps: {
  voiceAgent: VoiceAgentProvider;
  tickets: TicketSigner;
  /** PUBLIC_URL: where the page's socket goes. */
  publicUrl: string;
  log: { warn(details: object, message: string): void };
}): VoiceAgentSessions {
  const { voiceAgent, tickets } = deps;
  if (voiceAgent.kind === 'local') {
    const socketOrigin = agentSocketOrigin(deps.publicUrl);
    return async (accountId) => ({
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
