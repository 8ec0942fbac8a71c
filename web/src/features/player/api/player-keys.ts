/**
 * One query-key factory for what the player reads. Its own module, apart from `player-api.ts`:
 * the deck's calls load with the first route, these only with the screens that read them.
 */
export const playerKeys = {
  all: ['player'] as const,
  taste: () => [...playerKeys.all, 'taste'] as const,
  sharedTrack: (token: string) => [...playerKeys.all, 'shared-track', token] as const,
};
