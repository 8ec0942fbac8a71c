import { DEAL_ENDINGS, type DealEnding } from '@klang/domain';
import { safeStorage, STORAGE_KEYS } from '../../../lib/storage';
import { packOwner } from './pack-owner';

/** How a pack track ended on the device, and where; `order` is its place in play order. */
export interface LocalVerdict {
  ending: DealEnding;
  positionMs: number;
  order: number;
}

/** One saved track: its deal's alias, its length, the slot its audio is cached under. */
export interface PackTrack {
  alias: string;
  durationMs: number | null;
  slot: number;
  verdict: LocalVerdict | null;
  /** The server has the verdict (its audio is deleted then). */
  isSynced: boolean;
}

/**
 * What the device keeps of an offline pack beside its audio (issue 32 item 3): whose it is, the
 * server's id and lifetime, and each track's local verdict. Never a name: there is none to keep.
 */
export interface PackRecord {
  userId: string;
  packId: string;
  expiresAt: string;
  tracks: PackTrack[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isVerdict(value: unknown): value is LocalVerdict | null {
  if (value === null) return true;
  return (
    isObject(value) &&
    (DEAL_ENDINGS as readonly unknown[]).includes(value.ending) &&
    typeof value.positionMs === 'number' &&
    typeof value.order === 'number'
  );
}

function isPackTrack(value: unknown): value is PackTrack {
  return (
    isObject(value) &&
    typeof value.alias === 'string' &&
    (value.durationMs === null || typeof value.durationMs === 'number') &&
    typeof value.slot === 'number' &&
    isVerdict(value.verdict) &&
    typeof value.isSynced === 'boolean'
  );
}

function isPackRecord(value: unknown): value is PackRecord {
  return (
    isObject(value) &&
    typeof value.userId === 'string' &&
    typeof value.packId === 'string' &&
    typeof value.expiresAt === 'string' &&
    Array.isArray(value.tracks) &&
    value.tracks.every(isPackTrack)
  );
}

/** The stored pack whoever it belongs to (sign-out clears it for anyone). */
function readAnyRecord(): PackRecord | null {
  const text = safeStorage.get(STORAGE_KEYS.offlinePack);
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isPackRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** The signed-in listener's pack on this device; another user's is not theirs to see or play. */
export function readPackRecord(): PackRecord | null {
  const owner = packOwner();
  const record = readAnyRecord();
  return owner && record?.userId === owner ? record : null;
}

export function writePackRecord(record: PackRecord): void {
  safeStorage.set(STORAGE_KEYS.offlinePack, JSON.stringify(record));
}

export function removePackRecord(): void {
  safeStorage.remove(STORAGE_KEYS.offlinePack);
}

/** The listener's saved track dealt under `alias`, if it is one of their pack's. */
export function findPackTrack(alias: string): PackTrack | null {
  return readPackRecord()?.tracks.find((track) => track.alias === alias) ?? null;
}

export function isPackExpired(record: PackRecord, now = Date.now()): boolean {
  return Date.parse(record.expiresAt) <= now;
}

/** The verdicts the server has not had yet, in the order they were played. */
export function unsyncedTracks(record: PackRecord): (PackTrack & { verdict: LocalVerdict })[] {
  return record.tracks
    .filter(
      (track): track is PackTrack & { verdict: LocalVerdict } => track.verdict !== null && !track.isSynced,
    )
    .sort((a, b) => a.verdict.order - b.verdict.order);
}
