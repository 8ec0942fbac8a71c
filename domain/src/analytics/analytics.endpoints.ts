import { z } from 'zod';
import { analyticsEventSchema } from './analytics.schema';
import { defineEndpoints, endpoint } from '../contract/endpoint';
import { perAddress } from '../contract/policy';

/**
 * First-party events. Apart from the hook analytics (`hooks.endpoints.ts`) because every page
 * sends events: this table is in the first chunk, the hooks' schemas are not.
 */
export const analyticsEndpoints = defineEndpoints({
  recordAnalyticsEvent: endpoint({
    method: 'POST',
    path: '/api/analytics/events',
    policy: { access: 'public', limit: perAddress(120, '1 minute') },
    body: analyticsEventSchema,
    response: { 204: z.null() },
    tags: ['analytics'],
    summary: 'Record a page view or a signup click',
  }),
});
