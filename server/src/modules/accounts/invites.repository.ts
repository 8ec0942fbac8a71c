import { maybeOne, type Queryable } from '../../db/client';

export interface InviteRow {
  slot: number;
  token: string;
  redeemed_at: Date | null;
  redeemed_by_username: string | null;
}

export type InviteState =
  { state: 'open'; inviterUsername: string } | { state: 'used' } | { state: 'unknown' };

/**
 * Thrown inside the signup transaction when its invite was used up between the service's check
 * and the redemption (two signups racing on one link): the whole signup rolls back.
 */
export class InviteUnavailableError extends Error {
  constructor() {
    super('invite no longer open');
  }
}

/** SQL only: the rules live in invites.service.ts. */
export function createInvitesRepository(db: Queryable) {
  return {
    async isListener(accountId: string): Promise<boolean> {
      const rows = await db.query('select 1 from listener_profiles where id = $1', [accountId]);
      return rows.length > 0;
    },

    /** Adds the slots the inviter does not have yet; a concurrent call's rows win on conflict. */
    async addMissingSlots(inviterId: string, slots: { slot: number; token: string }[]): Promise<void> {
      if (slots.length === 0) return;
      await db.query(
        `insert into listener_invites (inviter_id, slot, token)
         select $1, u.slot, u.token from unnest($2::smallint[], $3::text[]) as u(slot, token)
         on conflict do nothing`,
        [inviterId, slots.map((s) => s.slot), slots.map((s) => s.token)],
      );
    },

    list(inviterId: string): Promise<InviteRow[]> {
      return db.query<InviteRow>(
        `select i.slot, i.token, i.redeemed_at, p.username as redeemed_by_username
         from listener_invites i left join profiles p on p.id = i.redeemed_by
         where i.inviter_id = $1 order by i.slot`,
        [inviterId],
      );
    },

    /** Only a listener's open invite counts as open: the token alone decides nothing else. */
    async state(token: string): Promise<InviteState> {
      const row = await maybeOne<{ redeemed: boolean; username: string }>(
        db,
        `select i.redeemed_at is not null as redeemed, p.username
         from listener_invites i
         join listener_profiles lp on lp.id = i.inviter_id
         join profiles p on p.id = i.inviter_id
         where i.token = $1`,
        [token],
      );
      if (!row) return { state: 'unknown' };
      return row.redeemed ? { state: 'used' } : { state: 'open', inviterUsername: row.username };
    },
  };
}

export type InvitesRepository = ReturnType<typeof createInvitesRepository>;

/**
 * Uses the invite up for the new account and credits its inviter, inside the signup's
 * transaction (accounts.repository.ts `create`). The `redeemed_at is null` guard makes the update
 * the arbiter: of two signups racing on one token, the second matches no row (PostgreSQL re-checks
 * the row after the first commits) and its whole signup rolls back.
 */
export async function redeemInvite(tx: Queryable, token: string, accountId: string): Promise<void> {
  const row = await maybeOne<{ inviter_id: string }>(
    tx,
    `update listener_invites i set redeemed_by = $2, redeemed_at = now()
     from listener_profiles lp
     where i.token = $1 and i.redeemed_at is null and lp.id = i.inviter_id
     returning i.inviter_id`,
    [token, accountId],
  );
  if (!row) throw new InviteUnavailableError();
  await tx.query('update listener_profiles set invited_by = $2 where id = $1', [accountId, row.inviter_id]);
}
