import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { catalogueKeys } from '../../features/catalogue/api/catalogue-api';
import { loyaltyKeys } from '../../features/loyalty/api/loyalty-api';
import { playerKeys } from '../../features/player/api/player-keys';
import { setServerChangeHandler, type ServerChange } from '../../features/player/server-changes';

/**
 * The queries that hold what each player command changes. A like or a follow moves counts all
 * over the catalogue (charts, artist pages, the follows list), as its own mutations say.
 */
const CHANGED_QUERIES: Record<ServerChange, QueryKey> = {
  likes: catalogueKeys.all,
  library: catalogueKeys.library(),
  follows: catalogueKeys.all,
  points: loyaltyKeys.card,
  taste: playerKeys.taste(),
};

/**
 * Marks the queries a player command changed as stale: the ones on screen are read again now,
 * the others when they are next shown.
 */
export function invalidatePlayerChanges(client: QueryClient, changes: readonly ServerChange[]): void {
  const keys = new Set(changes.map((change) => CHANGED_QUERIES[change]));
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}

/**
 * What the player's commands change on the server (likes, library, follows, points, taste) is
 * read by other features' queries, whose keys only the app may name: the signed-in layout hands
 * the player this mapping. Through the provider's client, not an import of it: importing the
 * client here split the landing's entry into one more file.
 */
export function usePlayerQuerySync(): void {
  const client = useQueryClient();
  useEffect(() => {
    setServerChangeHandler((changes) => {
      invalidatePlayerChanges(client, changes);
    });
    // Signed out, the layout is gone: a late command's answer refreshes nothing.
    return () => {
      setServerChangeHandler(() => undefined);
    };
  }, [client]);
}
