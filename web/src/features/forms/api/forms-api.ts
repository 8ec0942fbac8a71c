import {
  FORM_MESSAGES,
  INTEREST_MESSAGES,
  UNIQUE_VIOLATION_CODE,
  UNSUBSCRIBE_MESSAGES,
  formsEndpoints,
  interestRegistrationError,
  unsubscribeResponseSchema,
  type BugReport,
  type ContactSubmission,
  type SubscriberInsert,
} from '@klang/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

export const formsKeys = { captchaConfig: ['captcha', 'config'] as const };

export function useCaptchaConfigQuery() {
  return useQuery({
    queryKey: formsKeys.captchaConfig,
    queryFn: ({ signal }) => api.call(formsEndpoints.captchaConfig, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The server's own message where it sent one, else the spec's fallback (spec 000 §8). */
function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : fallback;
}

export function useSubmitContactMutation() {
  return useMutation({
    mutationFn: async (body: ContactSubmission) => {
      try {
        await api.call(formsEndpoints.submitContact, { body });
      } catch (error) {
        throw new Error(messageOf(error, FORM_MESSAGES.contactFailed), { cause: error });
      }
    },
  });
}

export function useSubmitBugReportMutation() {
  return useMutation({
    mutationFn: async (body: BugReport) => {
      try {
        await api.call(formsEndpoints.submitBugReport, { body });
      } catch (error) {
        throw new Error(messageOf(error, FORM_MESSAGES.bugReportFailed), { cause: error });
      }
    },
  });
}

/**
 * POST /rest/v1/subscribers answers errors as {code, message} (spec 000 §7), and the form tells a
 * duplicate (code 23505) from the rest by that code, so this call reads the body itself.
 */
async function postSubscriber(body: SubscriberInsert): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/rest/v1/subscribers', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new Error(INTEREST_MESSAGES.unexpected, { cause: error });
  }
  if (response.ok) return;
  const payload: unknown = await response.json().catch(() => null);
  const code = readString(payload, 'code');
  if (code === UNIQUE_VIOLATION_CODE) throw new Error(INTEREST_MESSAGES.duplicateEmail);
  throw new Error(interestRegistrationError(readString(payload, 'message')));
}

function readString(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}

export function useRegisterInterestMutation() {
  return useMutation({ mutationFn: postSubscriber });
}

export function useUnsubscribeMutation() {
  return useMutation({
    mutationFn: async (email: string) => {
      if (!email.trim()) throw new Error(UNSUBSCRIBE_MESSAGES.missingEmailOnSend);
      let answer;
      try {
        answer = await api.post('/functions/v1/unsubscribe', { email }, unsubscribeResponseSchema);
      } catch (error) {
        // A non-OK answer shows the server's error field, else 'Failed to unsubscribe' (spec 002 §8).
        if (isApiError(error)) {
          throw new Error(
            error.status > 0 && error.status < 500 ? error.message : UNSUBSCRIBE_MESSAGES.failed,
            {
              cause: error,
            },
          );
        }
        throw new Error(UNSUBSCRIBE_MESSAGES.unexpected, { cause: error });
      }
      if (!answer.success) throw new Error(answer.message ?? UNSUBSCRIBE_MESSAGES.failed);
    },
  });
}
