import { FOLLOW_DIGEST_TEXT, FOLLOW_MESSAGES } from '@klang/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { createFollowsRepository, type DueDigest } from './follows.repository';

/** Digests claimed per statement. */
const DIGESTS_PER_CLAIM = 100;

export interface FollowsDeps {
  db: Db;
  /** The email area's outbox. */
  email: { send(input: { template: string; to: string; subject: string; text: string }): Promise<unknown> };
  publicUrl: string;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}

/** The digest's text: a count and a way in, never a title or an artist; the spec's unsubscribe. */
export function digestEmail(due: DueDigest, publicUrl: string) {
  const discover = new URL('/player', publicUrl).toString();
  const unsubscribe = new URL('/unsubscribe', publicUrl);
  unsubscribe.searchParams.set('email', due.email);
  return {
    template: 'follow-digest',
    to: due.email,
    subject: FOLLOW_DIGEST_TEXT.subject(due.waiting),
    text: [
      FOLLOW_DIGEST_TEXT.body(due.waiting),
      FOLLOW_DIGEST_TEXT.reveal,
      '',
      discover,
      '',
      FOLLOW_DIGEST_TEXT.cadence,
      `Unsubscribe: ${unsubscribe.toString()}`,
    ].join('\n'),
  };
}

/**
 * Follows (spec 001 §4 Follow), keyed on follower and artist id (product-decisions.md, Data). The
 * follower count on the artist moves in the same transaction as the row, so it stays exact.
 */
export function createFollowsService(deps: FollowsDeps) {
  const { db } = deps;
  const now = deps.clock ?? (() => new Date());
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

    /**
     * Sends every follow digest that is due (decision 0306), a hundred claims at a time. A message
     * the outbox could not take is logged and not tried again this week: the claim is spent.
     */
    async sendDigests(): Promise<number> {
      let sent = 0;
      for (;;) {
        const due = await createFollowsRepository(db).claimDueDigests(now(), DIGESTS_PER_CLAIM);
        for (const digest of due) {
          try {
            await deps.email.send(digestEmail(digest, deps.publicUrl));
            sent++;
          } catch (error) {
            deps.log?.warn({ err: error, userId: digest.user_id }, 'follow digest not queued');
          }
        }
        if (due.length < DIGESTS_PER_CLAIM) return sent;
      }
    },
  };
}

export type FollowsService = ReturnType<typeof createFollowsService>;
