import { z } from 'zod';
import type { JobHandler } from '../../jobs/runner';
import type { PaymentsService } from './payments.service';

const payloadSchema = z.object({ eventId: z.string().min(1) });

/** Applies one recorded webhook event; a provider outage fails the job, which retries. */
export function createApplyPaymentEventHandler(service: PaymentsService): JobHandler {
  return async function applyPaymentEvent(job) {
    await service.apply(payloadSchema.parse(job.payload).eventId);
  };
}
