import { z } from 'zod';
import { defineEndpoints, endpoint } from '../contract/endpoint';
import { perAddress } from '../contract/policy';
import { UNIQUE_VIOLATION_CODE } from './subscribers-messages';
import {
  subscriberInsertSchema,
  unsubscribeRequestSchema,
  unsubscribeResponseSchema,
} from './subscribers.schema';

const tags = ['subscribers'];

/**
 * PostgREST's answer to a registered address (spec 000 §8): PostgreSQL's unique-violation code,
 * which the interest form tells from every other failure.
 */
export const subscriberDuplicateSchema = z.object({
  code: z.literal(UNIQUE_VIOLATION_CODE),
  message: z.string(),
});

/** The newsletter's subscribers, at the spec's fixed paths (spec 000 §7, spec 002 §2.11): public. */
export const subscribersEndpoints = defineEndpoints({
  /** Sent with `Prefer: return=minimal`: a 201 without a body. */
  registerInterest: endpoint({
    method: 'POST',
    path: '/rest/v1/subscribers',
    policy: { access: 'public', limit: perAddress(10, '10 minutes'), dialect: 'rest' },
    body: subscriberInsertSchema,
    response: { 201: z.null(), 409: subscriberDuplicateSchema },
    tags,
    summary: 'Register interest (spec 000 §7); a registered email answers code 23505',
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/functions/v1/unsubscribe',
    policy: { access: 'public', limit: perAddress(20, '10 minutes'), dialect: 'function' },
    body: unsubscribeRequestSchema,
    response: { 200: unsubscribeResponseSchema },
    tags,
    summary: 'Stop marketing email to an address (spec 002 §2.11)',
  }),
});
