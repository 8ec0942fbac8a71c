import {
  UNSUBSCRIBE_MESSAGES,
  isEmailShaped,
  normaliseSubscriber,
  validateInterestForm,
  type SubscriberInsert,
} from '@klang/domain';
import { AppError } from '../../errors';
import type { createSubscribersRepository } from './subscribers.repository';

/**
 * Interest registration (spec 000 §5) and unsubscribing from marketing (spec 002 §2.11).
 * Marketing email must go only to `marketingRecipients()`: it leaves out every suppressed address.
 */
export function createSubscribersService(deps: {
  repository: ReturnType<typeof createSubscribersRepository>;
}) {
  const { repository } = deps;
  return {
    /** Throws CONFLICT when the address is already registered (the spec's 23505). */
    async register(body: SubscriberInsert): Promise<void> {
      const problem = validateInterestForm(body);
      if (problem)
        throw new AppError('VALIDATION_FAILED', problem.message, { [problem.field]: problem.message });
      const row = normaliseSubscriber(body);
      if (!(await repository.register(row))) {
        throw new AppError(
          'CONFLICT',
          'duplicate key value violates unique constraint "subscribers_email_key"',
        );
      }
      // Registering again is a fresh, explicit choice; it lifts an earlier unsubscribe.
      await repository.unsuppress(row.email);
    },
    /**
     * Answers the same for known and unknown addresses, so the endpoint cannot be used to learn
     * who is registered; the address is suppressed either way.
     */
    async unsubscribe(email: string | undefined): Promise<void> {
      const normalised = email?.trim().toLowerCase() ?? '';
      if (!normalised) throw new AppError('VALIDATION_FAILED', UNSUBSCRIBE_MESSAGES.missingEmailOnSend);
      if (!isEmailShaped(normalised)) throw new AppError('VALIDATION_FAILED', UNSUBSCRIBE_MESSAGES.failed);
      await repository.unsubscribe(normalised);
    },
    async mayReceiveMarketing(email: string): Promise<boolean> {
      return !(await repository.isSuppressed(email.trim().toLowerCase()));
    },
    marketingRecipients(): Promise<string[]> {
      return repository.findMarketingRecipients();
    },
  };
}
