import { TUTOR_MESSAGES, voiceAgentSessionSchema, type VoiceAgentSession } from '@klang/domain';
import { api } from '../../../lib/api-client';
import type { Message } from '../state/conversations';
import { readTutorReply, type TutorReply } from './reply';

export type TutorVariant = 'tutorlab' | 'abel';

/** Spec 002 §7: TutorLab calls tutor-response, Abel calls abel-response. */
const FUNCTION_PATH: Record<TutorVariant, string> = {
  tutorlab: '/functions/v1/tutor-response',
  abel: '/functions/v1/abel-response',
};

/** The server's error text: `message` or `error` (spec 002 §7), else the generic failure. */
async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown; error?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // No JSON body: fall through.
  }
  return TUTOR_MESSAGES.failedToGenerate;
}

/** Asks the tutor; throws with the server's message or 'Invalid response format from API'. */
export async function askTutor(
  variant: TutorVariant,
  prompt: string,
  history: Message[],
): Promise<TutorReply> {
  const response = await fetch(FUNCTION_PATH[variant], {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      prompt,
      // Audio stays on the device: the server needs the words only.
      conversationHistory: history.map(({ id, type, content, timestamp }) => ({
        id,
        type,
        content,
        timestamp,
      })),
    }),
  });
  if (!response.ok) throw new Error(await errorText(response));
  const body: unknown = await response.json().catch(() => null);
  return readTutorReply(body);
}

export function fetchVoiceAgentSession(): Promise<VoiceAgentSession> {
  return api.get('/api/tutor/voice-agent/session', voiceAgentSessionSchema);
}
