import { z } from 'zod';
import type { ElevenLabsClient } from '../elevenlabs/elevenlabs-client';

/**
 * Where the live voice agent runs: Klang's own agent server (local), or an ElevenLabs agent,
 * reached through a short-lived signed URL so the API key never leaves the server.
 */
export type VoiceAgentProvider =
  | { readonly kind: 'local'; readonly name: string; readonly origins: readonly string[] }
  | {
      readonly kind: 'elevenlabs';
      readonly name: string;
      /** Where the browser's socket goes, for the content security policy. */
      readonly origins: readonly string[];
      signedUrl(signal?: AbortSignal): Promise<string>;
    };

const signedUrlSchema = z.object({ signed_url: z.string().startsWith('wss://') });

/** providers.md §1d: `GET /v1/convai/conversation/get-signed-url?agent_id=...` answers `{signed_url}`. */
export function createElevenLabsVoiceAgent(
  client: ElevenLabsClient,
  options: { agentId: string; baseUrl: string },
): VoiceAgentProvider {
  const { agentId } = options;
  const socketOrigin = new URL(options.baseUrl);
  socketOrigin.protocol = socketOrigin.protocol === 'http:' ? 'ws:' : 'wss:';
  return {
    kind: 'elevenlabs',
    name: `elevenlabs (agent ${agentId})`,
    origins: [socketOrigin.origin],
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
  // The local agent shares the page's origin: 'self' covers its socket.
  return { kind: 'local', name: `local (speech-to-text: ${speechToText})`, origins: [] };
}
