import { z } from 'zod';
import { demoTrackRevealSchema, demoTracksResponseSchema } from './demo-tracks.schema';
import { defineEndpoints, endpoint } from '../contract/endpoint';

/** The landing page's blind demo player (spec 000 §7): public, no session. */
export const demoTracksEndpoints = defineEndpoints({
  demoTracks: endpoint({
    method: 'GET',
    path: '/api/demo-tracks',
    response: { 200: demoTracksResponseSchema },
    tags: ['demo-tracks'],
    summary: 'Up to 50 blind demo tracks for the landing page player: ids and signed audio URLs',
  }),
  revealDemoTrack: endpoint({
    method: 'POST',
    path: '/api/demo-tracks/:id/reveal',
    params: z.object({ id: z.uuid() }),
    response: { 200: demoTrackRevealSchema },
    tags: ['demo-tracks'],
    summary: "A liked demo track's reveal card: title, artist and cover",
  }),
});
