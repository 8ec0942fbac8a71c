import {
  INTEREST_MESSAGES,
  UNIQUE_VIOLATION_CODE,
  UNSUBSCRIBE_MESSAGES,
  interestRegistrationError,
  subscribersEndpoints,
  type SubscriberInsert,
} from '@klang/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/**
 * POST /rest/v1/subscribers answers errors as {code, message} (spec 000 §7): the form tells a
 * registered address (PostgreSQL's 23505) from every other failure by that code (spec 000 §8).
 */
async function registerInterest(body: SubscriberInsert): Promise<void> {
  try {
    await api.call(subscribersEndpoints.registerInterest, { body, headers: { Prefer: 'return=minimal' } });
  } catch (error) {
    if (!isApiError(error) || error.status === 0)
      throw new Error(INTEREST_MESSAGES.unexpected, { cause: error });
    if (error.bodyCode === UNIQUE_VIOLATION_CODE) {
      throw new Error(INTEREST_MESSAGES.duplicateEmail, { cause: error });
    }
    throw new Error(interestRegistrationError(error.serverMessage), { cause: error });
  }
}

export function useRegisterInterestMutation() {
  return useMutation({ mutationFn: registerInterest });
}

export function useUnsubscribeMutation() {
  return useMutation({
    mutationFn: async (email: string) => {
      if (!email.trim()) throw new Error(UNSUBSCRIBE_MESSAGES.missingEmailOnSend);
      let answer;
      try {
        answer = await api.call(subscribersEndpoints.unsubscribe, { body: { email } });
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
