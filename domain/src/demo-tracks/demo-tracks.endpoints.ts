import { z } from 'zod';
import { demoTrackRevealSchema, demoTracksResponseSchema } from './demo-tracks.schema';
import { defineEndpoints, endpoint } from '../contract/endpoint';
import { perAddress } from '../contract/policy';

/** The landing page's blind demo player (spec 000 §7): public, no session. */
export const demoTracksEndpoints = defineEndpoints({
  demoTracks: endpoint({
    method: 'GET',
    path: '/api/demo-tracks',
    // The URLs are signed and expire: a shared cache must not keep them.
    policy: { access: 'public', limit: perAddress(60, '1 minute'), cache: 'private, max-age=60' },
    response: { 200: demoTracksResponseSchema },
    tags: ['demo-tracks'],
    summary: 'Up to 50 blind demo tracks for the landing page player: ids and signed audio URLs',
  }),
  revealDemoTrack: endpoint({
    method: 'POST',
    path: '/api/demo-tracks/:id/reveal',
    policy: { access: 'public', limit: perAddress(60, '1 minute'), cache: 'private, no-store' },
    params: z.object({ id: z.uuid() }),
    response: { 200: demoTrackRevealSchema },
    tags: ['demo-tracks'],
    summary: "A liked demo track's reveal card: title, artist and cover",
  }),
});
