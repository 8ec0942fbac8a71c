import { ACCOUNT_MESSAGES as M, MESSAGES } from '@klang/domain';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { BUCKETS, type Bucket, type StorageProvider } from '../../providers/storage/storage';
import type { SessionAccount } from '../../plugins/session';
import { assertOwn, isDemoAccount, type AccountLog } from './account-rules';
import type { AccountsRepository } from './accounts.repository';

/**
 * An account's removal (spec 001 §5 Delete account): its rows and stored files, the temporary
 * checkout user's discard through the same path, and the demo account's clearing.
 */
export function createAccountDeletion(deps: {
  repository: Pick<AccountsRepository, 'deleteAccount' | 'discardTemporaryAccount' | 'clearInteractions'>;
  storage: StorageProvider;
  log: AccountLog;
  /**
   * The player's rows of a listener, forgotten inside the account's removal transaction and at
   * the demo account's clearing (decision 0240): the counters their likes moved, their
   * interactions, grants and deals.
   */
  forgetListener: (tx: Queryable, userId: string) => Promise<void>;
  /** What other areas keep of the shared demo account's session, cleared at each demo login. */
  clearDemoWork: (userId: string) => Promise<void>;
}) {
  const { repository, storage } = deps;

  /** Removes a removed account's stored files; one that will not go is logged, not fatal. */
  async function removeFiles(files: readonly { bucket: string; storage_key: string }[]): Promise<void> {
    for (const file of files) {
      if (!(BUCKETS as readonly string[]).includes(file.bucket)) continue;
      await storage.delete(file.bucket as Bucket, file.storage_key).catch((error: unknown) => {
        deps.log.warn({ err: error, bucket: file.bucket }, 'stored file of a deleted account not removed');
      });
    }
  }

  /** Spec 001 §5 Delete account: the exact text, then every row and every stored file go. */
  async function deleteAccount(account: SessionAccount, userId: string, confirmation: string): Promise<void> {
    assertOwn(account, userId);
    if (confirmation !== M.deleteConfirmation)
      throw new AppError('VALIDATION_FAILED', M.deleteConfirmationMismatch);
    await removeFiles(await repository.deleteAccount(account.id, deps.forgetListener));
  }

  /**
   * Discards a temporary checkout account through the same path as a deletion: its counters
   * undone, its rows and its files removed. False when it is kept (no longer temporary, or a
   * subscription was opened for it).
   */
  async function discardTemporaryAccount(id: string): Promise<boolean> {
    const files = await repository.discardTemporaryAccount(id, deps.forgetListener);
    if (!files) return false;
    await removeFiles(files);
    return true;
  }

  /**
   * Spec 001 §4: the demo user's likes and dislikes are cleared at each demo login, and with
   * them what the previous visitor made in the Kit (SoundLab presets).
   */
  async function clearDemoInteractions(account: SessionAccount, demoUserId: string): Promise<void> {
    assertOwn(account, demoUserId);
    if (!isDemoAccount(account)) throw new AppError('FORBIDDEN', MESSAGES.accessDenied);
    await repository.clearInteractions(account.id, deps.forgetListener);
    await deps.clearDemoWork(account.id);
  }

  return { deleteAccount, discardTemporaryAccount, clearDemoInteractions };
}

export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
