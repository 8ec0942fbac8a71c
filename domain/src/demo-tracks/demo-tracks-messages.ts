/** The landing page's demo player's texts (spec 000 §8). */
export const DEMO_PLAYER_MESSAGES = {
  loadFailed: 'Failed to load demo tracks',
  noTracks: 'No demo tracks available',
  trackFailed: 'Failed to load demo track',
  playFailed: 'Failed to play audio',
} as const;
