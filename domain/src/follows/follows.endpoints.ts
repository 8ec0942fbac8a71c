import { defineEndpoints, endpoint } from '../contract/endpoint';
import { artistParamsSchema } from '../catalogue/catalogue.schema';
import { followStateSchema } from './follows.schema';

/**
 * Following an artist (spec 001 §4): an upsert and a delete, each answering the new state. The
 * list of followed artists is the catalogue's (`followedArtists`), since it is a masked read.
 */
export const followsEndpoints = defineEndpoints({
  followArtist: endpoint({
    method: 'POST',
    path: '/api/follows/:artistId',
    params: artistParamsSchema,
    response: { 200: followStateSchema },
    tags: ['follows'],
  }),
  unfollowArtist: endpoint({
    method: 'DELETE',
    path: '/api/follows/:artistId',
    params: artistParamsSchema,
    response: { 200: followStateSchema },
    tags: ['follows'],
  }),
});
