import { z } from 'zod';
import type { JobKind } from '../../jobs/lanes';
import type { EmailService } from './email.service';

/** Tries a queued outbox message again; the row keeps the schedule (decision 0248). */
export const EMAIL_DELIVER_JOB = 'email.deliver';

const deliverPayload = z.object({ emailId: z.uuid() });

/** The email area's job kind, for `registerJobs`: deliveries run in the email lane. */
export function createEmailJobKinds(service: Pick<EmailService, 'deliverQueued'>): Record<string, JobKind> {
  return {
    [EMAIL_DELIVER_JOB]: {
      lane: 'email',
      run: async (job) => {
        await service.deliverQueued(deliverPayload.parse(job.payload).emailId);
      },
    },
  };
}
