import { defineEndpoints, endpoint } from '../contract/endpoint';
import { dailyLoginSchema, loyaltyCardSchema } from './loyalty.schema';

/** The loyalty card (spec 001 §2 Modals): the signed-in listener's own stored row. */
export const loyaltyEndpoints = defineEndpoints({
  loyaltyCard: endpoint({
    method: 'GET',
    path: '/api/loyalty',
    policy: { access: 'session', limit: null },
    response: { 200: loyaltyCardSchema },
    tags: ['loyalty'],
  }),
  /** The day's first visit earns points once per UTC day (spec 002 §4); the ledger decides. */
  dailyLogin: endpoint({
    method: 'POST',
    path: '/api/loyalty/daily-login',
    policy: { access: 'session', limit: null },
    response: { 200: dailyLoginSchema },
    tags: ['loyalty'],
    summary: "Award the signed-in listener's daily login, once per UTC day",
  }),
});
