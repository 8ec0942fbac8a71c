import { TUTOR_MESSAGES, tutorEndpoints, type VoiceAgentSession } from '@klang/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import type { Message } from '../state/conversations';
import { readTutorReply, type TutorReply } from './reply';

export type TutorVariant = 'tutorlab' | 'abel';

/** The tutors' server reads; the conversations themselves live on the device. */
export const tutorKeys = {
  voiceAgentHearing: () => ['tutor', 'voice-agent', 'hearing'] as const,
};

/** Spec 002 §7: TutorLab calls tutor-response, Abel calls abel-response. */
const FUNCTION: Record<
  TutorVariant,
  typeof tutorEndpoints.tutorResponse | typeof tutorEndpoints.abelResponse
> = {
  tutorlab: tutorEndpoints.tutorResponse,
  abel: tutorEndpoints.abelResponse,
};

/**
 * What a failed question says (spec 002 §8): the server's `message` or `error`; an answer that is
 * not a reply is 'Invalid response format from API'; a request that never reached the server
 * says so; anything else is the generic failure.
 */
function failureText(error: unknown): string {
  if (!isApiError(error)) return TUTOR_MESSAGES.failedToGenerate;
  if (error.serverMessage) return error.serverMessage;
  if (error.status === 0) return error.message;
  if (error.status < 400) return TUTOR_MESSAGES.invalidFormat;
  return TUTOR_MESSAGES.failedToGenerate;
}

/** Asks the tutor; throws with the server's message or 'Invalid response format from API'. */
export async function askTutor(
  variant: TutorVariant,
  prompt: string,
  history: Message[],
): Promise<TutorReply> {
  let body: unknown;
  try {
    body = await api.call(FUNCTION[variant], {
      body: {
        prompt,
        // Audio stays on the device: the server needs the words only.
        conversationHistory: history.map(({ id, type, content, timestamp }) => ({
          id,
          type,
          content,
          timestamp,
        })),
      },
    });
  } catch (error) {
    throw new Error(failureText(error), { cause: error });
  }
  return readTutorReply(body);
}

export function fetchVoiceAgentSession(): Promise<VoiceAgentSession> {
  return api.call(tutorEndpoints.voiceAgentSession);
}

/** Whether the voice agent turns speech into text: fixed by the server's configuration. */
export function useVoiceAgentHearing() {
  return useQuery({
    queryKey: tutorKeys.voiceAgentHearing(),
    queryFn: ({ signal }) => api.call(tutorEndpoints.voiceAgentHearing, { signal }),
    staleTime: Infinity,
  });
}
