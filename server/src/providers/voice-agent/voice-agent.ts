import { z } from 'zod';
import type { ElevenLabsClient } from '../elevenlabs/elevenlabs-client';

/**
 * Where the live voice agent runs: Klang's own agent server (local), or an ElevenLabs agent,
 * reached through a short-lived signed URL so the API key never leaves the server.
 */
export type VoiceAgentProvider =
  | { readonly kind: 'local'; readonly name: string }
  | {
      readonly kind: 'elevenlabs';
      readonly name: string;
      signedUrl(signal?: AbortSignal): Promise<string>;
    };

const signedUrlSchema = z.object({ signed_url: z.string().startsWith('wss://') });

/** providers.md §1d: `GET /v1/convai/conversation/get-signed-url?agent_id=...` answers `{signed_url}`. */
export function createElevenLabsVoiceAgent(client: ElevenLabsClient, agentId: string): VoiceAgentProvider {
  return {
    kind: 'elevenlabs',
    name: `elevenlabs (agent ${agentId})`,
    async signedUrl(signal) {
      const body = await client.getJson(
        `/v1/convai/conversation/get-signed-url?agent_id=${encodeURIComponent(agentId)}`,
        signal,
      );
      return signedUrlSchema.parse(body).signed_url;
    },
  };
}

export function createLocalVoiceAgent(speechToText: string): VoiceAgentProvider {
  return { kind: 'local', name: `local (speech-to-text: ${speechToText})` };
}
