import { defineEndpoints, endpoint } from '../contract/endpoint';
import { loyaltyCardSchema } from './loyalty.schema';

/** The loyalty card (spec 001 §2 Modals): the signed-in listener's own stored row. */
export const loyaltyEndpoints = defineEndpoints({
  loyaltyCard: endpoint({
    method: 'GET',
    path: '/api/loyalty',
    response: { 200: loyaltyCardSchema },
    tags: ['loyalty'],
  }),
});
