import { SOUNDLAB } from '@klang/domain';

export type PadRole = 'preset' | 'edit' | 'sound' | 'volume' | 'hidden' | 'save' | 'reset';

export interface Pad {
  id: number;
  label: string;
  /** An object URL of a generated sound, or a signed URL of a saved one; null when empty. */
  sound: string | null;
  /**
   * The generated audio itself. WARNING: the CSP's connect-src does not allow `blob:`, so the
   * bytes of an object URL cannot be fetched back; they are kept here for saving and the zip.
   */
  blob: Blob | null;
  /** True when the sound is the one the server holds for this pad (saving keeps it). */
  isSaved: boolean;
}

/** Spec 002 §2.2: 1-4 presets, 5 edit, 10 volume (two rows), 15 hidden, 20 save, 25 reset. */
export function roleOf(id: number): PadRole {
  if (id <= 4) return 'preset';
  if (id === 5) return 'edit';
  if (id === 10) return 'volume';
  if (id === 15) return 'hidden';
  if (id === 20) return 'save';
  if (id === 25) return 'reset';
  return 'sound';
}

const CONTROL_LABELS: Record<number, string> = { 5: 'edit', 10: 'volume', 20: 'save', 25: 'reset' };

export function createDefaultPads(presetNames: readonly string[] = SOUNDLAB.defaultPresetNames): Pad[] {
  return Array.from({ length: SOUNDLAB.pads }, (_, index) => {
    const id = index + 1;
    const label = id <= 4 ? (presetNames[id - 1] ?? '') : (CONTROL_LABELS[id] ?? (id === 15 ? '' : 'empty'));
    return { id, label, sound: null, blob: null, isSaved: false };
  });
}

/** Spec 002 §5: a preset can be saved once one sound pad (6-24, not volume, save, reset) holds a sound. */
export function hasSoundsToSave(pads: Pad[]): boolean {
  return pads.some((pad) => roleOf(pad.id) === 'sound' && pad.sound !== null);
}

/** Spec 002 §3: a result is named by the sound name, or the pad label, plus its number. */
export function nameResult(name: string, padLabel: string, n: number): string {
  const base = name.trim() || (padLabel === 'empty' ? '' : padLabel) || 'sound';
  return `${base} ${n}`;
}

/** A file name a pad's label can safely become inside the zip. */
export function fileNameFor(label: string, id: number, taken: Set<string>): string {
  const base = label.replace(/[\\/:*?"<>|]/g, '').trim() || `pad-${id}`;
  let name = `${base}.mp3`;
  for (let n = 2; taken.has(name); n++) name = `${base} (${n}).mp3`;
  taken.add(name);
  return name;
}
