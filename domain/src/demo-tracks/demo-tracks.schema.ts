import { z } from 'zod';

/**
 * A demo track as the landing page's player first gets it: blind, like the real player (spec 000
 * §4 Demo player): audio only, no title, artist or cover until the visitor presses like.
 */
export const demoTrackSchema = z.object({
  id: z.uuid(),
  audioUrl: z.string(),
});
export type DemoTrack = z.infer<typeof demoTrackSchema>;
export const demoTracksResponseSchema = z.object({ tracks: z.array(demoTrackSchema) });

/** What a like on a demo track reveals: its reveal card (spec 000 §4). */
export const demoTrackRevealSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  artist: z.string(),
  coverUrl: z.string().nullable(),
});
export type DemoTrackReveal = z.infer<typeof demoTrackRevealSchema>;
