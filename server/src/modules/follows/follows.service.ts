import { FOLLOW_MESSAGES } from '@klang/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { createFollowsRepository } from './follows.repository';

/**
 * Follows (spec 001 §4 Follow), keyed on follower and artist id (product-decisions.md, Data). The
 * follower count on the artist moves in the same transaction as the row, so it stays exact.
 */
export function createFollowsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async follow(followerId: string, artistId: string): Promise<{ isFollowing: true; followers: number }> {
      if (followerId === artistId)
        throw new AppError('VALIDATION_FAILED', FOLLOW_MESSAGES.cannotFollowYourself);
      return db.transaction(async (tx) => {
        const repo = createFollowsRepository(tx);
        const name = await repo.findArtistName(artistId);
        if (name === undefined) throw new AppError('NOT_FOUND', FOLLOW_MESSAGES.artistNotFound);
        const followers = (await repo.insert(followerId, artistId, name))
          ? await repo.adjustFollowers(artistId, 1)
          : await repo.followers(artistId);
        return { isFollowing: true as const, followers };
      });
    },

    async unfollow(followerId: string, artistId: string): Promise<{ isFollowing: false; followers: number }> {
      return db.transaction(async (tx) => {
        const repo = createFollowsRepository(tx);
        const followers = (await repo.delete(followerId, artistId))
          ? await repo.adjustFollowers(artistId, -1)
          : await repo.followers(artistId);
        return { isFollowing: false as const, followers };
      });
    },
  };
}

export type FollowsService = ReturnType<typeof createFollowsService>;
