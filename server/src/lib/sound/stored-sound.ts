import { revealedSound, type RevealedSound, type SoundReading } from '@klang/domain';

/** A track's sound columns as a repository reads them (migration 0264-sound-features). */
export interface StoredSound {
  bpm: number | null;
  bpm_confidence: number | null;
  key_camelot: string | null;
  key_confidence: number | null;
  bpm_artist: number | null;
  key_artist: string | null;
  energy_percentile: number | null;
}

/** The stored measurement and correction as domain's rules read them. */
export function toSoundReading(row: Omit<StoredSound, 'energy_percentile'>): SoundReading {
  return {
    bpm: row.bpm,
    bpmConfidence: row.bpm_confidence,
    key: row.key_camelot,
    keyConfidence: row.key_confidence,
    bpmArtist: row.bpm_artist,
    keyArtist: row.key_artist,
  };
}

/** What a liked track shows of its stored sound (decision 0266). */
export function toRevealedSound(row: StoredSound): RevealedSound {
  return revealedSound({ ...toSoundReading(row), energyPercentile: row.energy_percentile });
}
