import type { SubscriptionTier, UserRole } from '@klang/domain';
import { maybeOne, one, type Db, type Queryable } from '../../db/client';
import { redeemInvite } from './invites.repository';

export interface AccountRow {
  id: string;
  email: string;
  password_hash: string | null;
}

export interface ProfileRow {
  id: string;
  email: string;
  role: UserRole | null;
  username: string | null;
  artist_name: string | null;
  bio: string | null;
  has_artist: boolean;
  has_listener: boolean;
  instagram: string | null;
  website: string | null;
  artist_tier: SubscriptionTier | null;
  listener_tier: SubscriptionTier | null;
  trial_end_date: Date | null;
  followers: number | null;
  image_key: string | null;
  is_admin: boolean;
  is_temporary: boolean;
  email_verified: boolean;
}

export interface NewAccount {
  email: string;
  passwordHash: string;
  role: UserRole;
  username: string;
  artistName: string | null;
  bio: string | null;
  instagram: string | null;
  website: string | null;
  /** A listener's invite link, used up in the same transaction (invites.repository.ts). */
  inviteToken?: string | null;
}

/** SQL only: the rules live in accounts.service.ts. */
export function createAccountsRepository(db: Db) {
  return {
    findByEmail(email: string): Promise<AccountRow | undefined> {
      return maybeOne(db, 'select id, email, password_hash from accounts where email = $1', [email]);
    },

    findByUsername(username: string): Promise<AccountRow | undefined> {
      return maybeOne(
        db,
        `select a.id, a.email, a.password_hash from profiles p join accounts a on a.id = p.id
         where lower(p.username) = lower($1)`,
        [username],
      );
    },

    findById(id: string): Promise<AccountRow | undefined> {
      return maybeOne(db, 'select id, email, password_hash from accounts where id = $1', [id]);
    },

    async isUsernameTaken(username: string, exceptId: string | null): Promise<boolean> {
      const rows = await db.query(
        'select 1 from profiles where lower(username) = lower($1) and ($2::uuid is null or id <> $2::uuid)',
        [username, exceptId],
      );
      return rows.length > 0;
    },

    /** Account, profile, the role's own profile, the invite and the loyalty row, all or nothing. */
    create(input: NewAccount): Promise<string> {
      return db.transaction(async (tx) => {
        const { id } = await one<{ id: string }>(
          tx,
          'insert into accounts (email, password_hash) values ($1, $2) returning id',
          [input.email, input.passwordHash],
        );
        await tx.query(
          'insert into profiles (id, role, username, artist_name, bio) values ($1, $2, $3, $4, $5)',
          [id, input.role, input.username, input.artistName, input.bio],
        );
        if (input.role === 'artist') {
          await tx.query('insert into artist_profiles (id, instagram, website) values ($1, $2, $3)', [
            id,
            input.instagram,
            input.website,
          ]);
        } else {
          await tx.query('insert into listener_profiles (id) values ($1)', [id]);
          if (input.inviteToken) await redeemInvite(tx, input.inviteToken, id);
        }
        await tx.query('insert into user_xp (user_id) values ($1)', [id]);
        return id;
      });
    },

    /**
     * Turns the temporary checkout user into the artist (spec 001 §4): its address and password,
     * then profile, artist profile and loyalty row, all or nothing. The tier comes from the
     * checkout; a provider that already reports the subscription wins where it grants more
     * (pro when active, its trial end when later), so the webhook's order does not matter.
     * False when the account is not (or no longer) a temporary checkout user.
     */
    completeTemporary(
      id: string,
      input: Omit<NewAccount, 'role'> & { tier: 'trial' | 'free'; trialEnd: Date | null },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx.query(
          `update accounts set email = $2, password_hash = $3, is_temporary = false,
                  email_verified_at = null, updated_at = now()
           where id = $1 and is_temporary and created_for_checkout returning id`,
          [id, input.email, input.passwordHash],
        );
        if (updated.length === 0) return false;
        await tx.query(
          `insert into profiles (id, role, username, artist_name, bio) values ($1, 'artist', $2, $3, $4)`,
          [id, input.username, input.artistName, input.bio],
        );
        await tx.query(
          `insert into artist_profiles (id, instagram, website, subscription_tier, signup_trial_end, trial_end_date)
           select $1, $2, $3,
                  case when p.subscription_status = 'active' then 'pro' else $4 end,
                  $5::timestamptz,
                  case when $5::timestamptz is null then null
                       when p.subscription_status = 'trialing' then greatest($5::timestamptz, p.trial_end)
                       else $5::timestamptz end
           from (select 1) one
           left join payment_subscriptions p on p.account_id = $1`,
          [id, input.instagram, input.website, input.tier, input.trialEnd?.toISOString() ?? null],
        );
        await tx.query('insert into user_xp (user_id) values ($1) on conflict (user_id) do nothing', [id]);
        return true;
      });
    },

    loadProfile(id: string): Promise<ProfileRow | undefined> {
      return maybeOne(
        db,
        `select a.id, a.email, p.role, p.username, p.artist_name, p.bio,
                ap.id is not null as has_artist, lp.id is not null as has_listener,
                ap.instagram, ap.website, ap.subscription_tier as artist_tier,
                lp.subscription_tier as listener_tier, ap.trial_end_date, ap.followers,
                m.storage_key as image_key, ad.id is not null as is_admin, a.is_temporary,
                a.email_verified_at is not null as email_verified
         from accounts a
         left join profiles p on p.id = a.id
         left join artist_profiles ap on ap.id = a.id
         left join listener_profiles lp on lp.id = a.id
         left join media_objects m on m.id = coalesce(ap.profile_image_id, lp.profile_image_id)
         left join admins ad on ad.id = a.id
         where a.id = $1`,
        [id],
      );
    },

    async updatePassword(id: string, passwordHash: string, keepSessionHash: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query('update accounts set password_hash = $2, updated_at = now() where id = $1', [
          id,
          passwordHash,
        ]);
        // A changed password ends every other session (ASVS 3.3.3) and every pending reset link.
        await tx.query('delete from sessions where account_id = $1 and token_hash is distinct from $2', [
          id,
          keepSessionHash,
        ]);
        await tx.query(
          'update password_reset_tokens set used_at = now() where account_id = $1 and used_at is null',
          [id],
        );
      });
    },

    async createResetToken(accountId: string, tokenHash: string, ttlSeconds: number): Promise<void> {
      await db.query(
        `insert into password_reset_tokens (token_hash, account_id, expires_at)
         values ($1, $2, now() + make_interval(secs => $3::double precision))`,
        [tokenHash, accountId, ttlSeconds],
      );
    },

    /** Marks the token used and returns its account, once; an expired or used token gives nothing. */
    async consumeResetToken(tokenHash: string): Promise<string | undefined> {
      const row = await maybeOne<{ account_id: string }>(
        db,
        `update password_reset_tokens set used_at = now()
         where token_hash = $1 and used_at is null and expires_at > now() returning account_id`,
        [tokenHash],
      );
      return row?.account_id;
    },

    async isResetTokenUsable(tokenHash: string): Promise<boolean> {
      const rows = await db.query(
        'select 1 from password_reset_tokens where token_hash = $1 and used_at is null and expires_at > now()',
        [tokenHash],
      );
      return rows.length > 0;
    },

    async updateProfile(
      id: string,
      fields: {
        username: string;
        artistName: string | null;
        bio: string | null;
        instagram: string | null;
        website: string | null;
      },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query(
          `update profiles set username = $2, artist_name = case when role = 'artist' then $3 else artist_name end,
             bio = $4, updated_at = now() where id = $1`,
          [id, fields.username, fields.artistName, fields.bio],
        );
        await tx.query(
          'update artist_profiles set instagram = $2, website = $3, updated_at = now() where id = $1',
          [id, fields.instagram, fields.website],
        );
      });
    },

    /** Points the profile at a new image and returns the storage keys of images no longer used. */
    setProfileImage(
      accountId: string,
      image: { storageKey: string; byteSize: number; sha256: string },
    ): Promise<string[]> {
      return db.transaction(async (tx) => {
        const old = await tx.query<{ storage_key: string }>(
          `select m.storage_key from media_objects m
           where m.owner_id = $1 and m.bucket = 'profile-images'`,
          [accountId],
        );
        const media = await one<{ id: string }>(
          tx,
          `insert into media_objects (bucket, storage_key, content_type, byte_size, sha256, owner_id)
           values ('profile-images', $1, 'image/jpeg', $2, $3, $4) returning id`,
          [image.storageKey, image.byteSize, image.sha256, accountId],
        );
        await tx.query('update artist_profiles set profile_image_id = $2, updated_at = now() where id = $1', [
          accountId,
          media.id,
        ]);
        await tx.query(
          'update listener_profiles set profile_image_id = $2, updated_at = now() where id = $1',
          [accountId, media.id],
        );
        await tx.query(
          `delete from media_objects where owner_id = $1 and bucket = 'profile-images' and id <> $2`,
          [accountId, media.id],
        );
        return old.map((row) => row.storage_key);
      });
    },

    /**
     * Deletes the account (everything cascades) and returns the files it owned, for the caller to
     * remove. `alongside` runs first in the same transaction: what other areas undo for it.
     */
    deleteAccount(id: string, alongside: Alongside): Promise<{ bucket: string; storage_key: string }[]> {
      return db.transaction((tx) => removeAccount(tx, id, alongside));
    },

    /**
     * Deletes a temporary checkout account the same way, when it still is one and no
     * subscription was opened for it (a payment is never thrown away with an unfinished signup);
     * undefined when it is kept. The row is locked first, so a signup completing at the same
     * moment either wins or waits.
     */
    discardTemporaryAccount(
      id: string,
      alongside: Alongside,
    ): Promise<{ bucket: string; storage_key: string }[] | undefined> {
      return db.transaction(async (tx) => {
        const rows = await tx.query(
          `select 1 from accounts a
           where a.id = $1 and a.is_temporary
             and not exists (select 1 from payment_subscriptions p where p.account_id = a.id)
             and not exists (select 1 from local_subscriptions l where l.account_id = a.id)
           for update`,
          [id],
        );
        return rows.length === 0 ? undefined : removeAccount(tx, id, alongside);
      });
    },

    /** Runs what other areas forget of a user (the demo account's likes) in one transaction. */
    clearInteractions(userId: string, forget: Alongside): Promise<void> {
      return db.transaction((tx) => forget(tx, userId));
    },

    /** The account's address and whether it is a temporary checkout user; undefined once it is gone. */
    findCheckoutIdentity(id: string) {
      return maybeOne<{ id: string; email: string; is_temporary: boolean }>(
        db,
        'select id, email, is_temporary from accounts where id = $1',
        [id],
      );
    },

    /**
     * Inserts a temporary checkout account (no password: nobody can sign in as it) and runs
     * `alongside` in the same transaction, so what the caller schedules with it (its removal)
     * commits with it or not at all.
     */
    createCheckoutAccount(
      email: string,
      alongside: (tx: Queryable, accountId: string) => Promise<void>,
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const { id } = await one<{ id: string }>(
          tx,
          `insert into accounts (email, password_hash, is_temporary, created_for_checkout)
           values ($1, null, true, true) returning id`,
          [email],
        );
        await alongside(tx, id);
        return id;
      });
    },

    /** Replaces the throwaway email of a temporary checkout account; false for any other account. */
    async replaceTemporaryEmail(id: string, email: string): Promise<boolean> {
      const rows = await db.query(
        'update accounts set email = $2, updated_at = now() where id = $1 and is_temporary returning id',
        [id, email],
      );
      return rows.length > 0;
    },

    async paymentSubscription(accountId: string) {
      return maybeOne<{
        subscription_status: string;
        current_period_end: Date | null;
        customer_id: string | null;
      }>(
        db,
        'select subscription_status, current_period_end, customer_id from payment_subscriptions where account_id = $1',
        [accountId],
      );
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

/** What another area does in an account's removal transaction, before the account's rows go. */
export type Alongside = (tx: Queryable, accountId: string) => Promise<void>;

/** Every row of the account, after what other areas undo for it; returns its files to remove. */
async function removeAccount(
  tx: Queryable,
  id: string,
  alongside: Alongside,
): Promise<{ bucket: string; storage_key: string }[]> {
  const media = await tx.query<{ bucket: string; storage_key: string }>(
    'select bucket, storage_key from media_objects where owner_id = $1',
    [id],
  );
  await alongside(tx, id);
  await tx.query('delete from media_objects where owner_id = $1', [id]);
  await tx.query('delete from accounts where id = $1', [id]);
  return media;
}
