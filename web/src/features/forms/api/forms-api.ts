import { FORM_MESSAGES, formsEndpoints, type BugReport, type ContactSubmission } from '@klang/domain';
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
