import sharp from 'sharp';
import { ACCOUNT_MESSAGES as M, LIMITS, type Session, type profileUpdateSchema } from '@klang/domain';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { newStorageKey, type StorageProvider } from '../../providers/storage/storage';
import type { SessionAccount } from '../../plugins/session';
import { assertOwn, isUniqueViolation, profileImageUrl, type AccountChecks } from './account-rules';
import type { AccountsRepository } from './accounts.repository';
import type { AccountSessions } from './sessions.service';

const PROFILE_IMAGE_PIXELS = 512;
/** The formats a profile photo may be, by its decoded bytes (product-decisions.md Uploads). */
const PROFILE_IMAGE_FORMATS: ReadonlySet<string | undefined> = new Set(['jpeg', 'png', 'webp']);

/** The spec's update-user-profile metadata, as far as the profile keeps it. */
export interface ProfileMetadata {
  username?: string | undefined;
  artist_name?: string | undefined;
  bio?: string | null | undefined;
  instagram?: string | null | undefined;
  website?: string | null | undefined;
}

/** A field the call left out keeps its value; an empty one clears it. */
function keepOrClear(sent: string | null | undefined, current: string | null | undefined): string | null {
  if (sent === undefined) return current ?? null;
  return sent === null || sent === '' ? null : sent;
}

/** The profile an account shows (spec 001 §5 Settings): its names, links and photo. */
export function createProfile(deps: {
  repository: Pick<AccountsRepository, 'loadProfile' | 'updateProfile' | 'setProfileImage'>;
  storage: StorageProvider;
  checks: Pick<AccountChecks, 'assertUsernameFree'>;
  sessions: Pick<AccountSessions, 'session'>;
}) {
  const { repository, storage, checks, sessions } = deps;

  /** Spec 001 §5 Settings save. */
  async function updateProfile(
    account: SessionAccount,
    input: z.output<typeof profileUpdateSchema>,
  ): Promise<Session> {
    const row = await repository.loadProfile(account.id);
    if (!row?.role) throw new AppError('NOT_FOUND', M.profileLoadFailed);
    const artistName = input.artistName?.trim() ?? '';
    if (row.role === 'artist' && !artistName) {
      throw new AppError('VALIDATION_FAILED', M.artistNameRequired, { artistName: M.artistNameRequired });
    }
    await checks.assertUsernameFree(input.username, account.id);
    try {
      await repository.updateProfile(account.id, {
        username: input.username,
        artistName: row.role === 'artist' ? artistName : null,
        bio: input.bio,
        instagram: input.instagram,
        website: input.website,
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', M.usernameTaken, { username: M.usernameTaken });
      throw error;
    }
    return sessions.session(account.id);
  }

  /**
   * Spec 001 §7 update-user-profile: the spec's metadata merged over the stored profile (a
   * field left out keeps its value, an empty one clears it), then saved as Settings saves it.
   */
  async function updateProfileMetadata(
    account: SessionAccount,
    userId: string,
    meta: ProfileMetadata,
  ): Promise<void> {
    assertOwn(account, userId);
    const current = (await sessions.session(account.id)).profile;
    await updateProfile(account, {
      username: meta.username ?? current?.username ?? '',
      artistName: meta.artist_name ?? current?.artistName ?? undefined,
      bio: keepOrClear(meta.bio, current?.bio),
      instagram: keepOrClear(meta.instagram, current?.instagram),
      website: keepOrClear(meta.website, current?.website),
    });
  }

  /**
   * Decodes and re-encodes the upload (no metadata survives), then stores it under an opaque
   * key. Only JPEG, PNG or WebP bytes are accepted whatever the label says (product-decisions.md
   * Uploads): sharp also renders SVG, GIF and TIFF, and an SVG is a document, not a photo.
   */
  async function setProfileImage(account: SessionAccount, bytes: Buffer): Promise<string> {
    if (bytes.length > LIMITS.imageMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', M.imageTooLarge);
    let jpeg: Buffer;
    try {
      const image = sharp(bytes, { limitInputPixels: 40_000_000 });
      const { format } = await image.metadata();
      if (!PROFILE_IMAGE_FORMATS.has(format)) throw new Error(`profile image format ${format}`);
      jpeg = await image
        .rotate()
        .resize(PROFILE_IMAGE_PIXELS, PROFILE_IMAGE_PIXELS, { fit: 'cover' })
        .jpeg({ quality: 90 })
        .toBuffer();
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.imageInvalid);
    }
    const key = newStorageKey('jpg');
    const stored = await storage.put('profile-images', key, jpeg, { contentType: 'image/jpeg' });
    const oldKeys = await repository.setProfileImage(account.id, { storageKey: key, ...stored });
    await Promise.all(oldKeys.map((old) => storage.delete('profile-images', old).catch(() => undefined)));
    return profileImageUrl(storage, key);
  }

  return { updateProfile, updateProfileMetadata, setProfileImage };
}

export type Profile = ReturnType<typeof createProfile>;
