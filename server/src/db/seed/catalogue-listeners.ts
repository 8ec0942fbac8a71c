/**
 * Seed listeners (the likers behind charts and counters) and the landing page's demo tracks.
 * Demo tracks are short separate pieces credited to seeded artists, so the reveal card's
 * "Follow Artist" leads somewhere real.
 */
import type { AvatarStyle } from '../../lib/art/avatar';
import type { SeedDemoTrack, SeedListener } from './catalogue';
import { createMusicParams } from '../../lib/music/compose-params';

function defineListener(username: string, displayName: string, avatar: AvatarStyle): SeedListener {
  return { key: username, username, email: `${username}@listeners.klang.test`, displayName, avatar };
}

export const SEED_LISTENERS: readonly SeedListener[] = [
  defineListener('marta', 'Marta Kowalczyk', { hue: 12, motif: 'aura' }),
  defineListener('deshawn', 'DeShawn Okafor', { hue: 210, motif: 'rings' }),
  defineListener('lena', 'Lena Vogt', { hue: 145, motif: 'petals' }),
  defineListener('tomasz', 'Tomasz Nowak', { hue: 265, motif: 'shards' }),
  defineListener('aiko', 'Aiko Tanabe', { hue: 330, motif: 'aura' }),
  defineListener('rafael', 'Rafael Quintero', { hue: 45, motif: 'rings' }),
  defineListener('priya', 'Priya Raman', { hue: 180, motif: 'petals' }),
];

export const SEED_DEMO_TRACKS: readonly SeedDemoTrack[] = [
  {
    key: 'demo-low-tide',
    title: 'Low Tide Sketch',
    artistName: 'Halden Marr',
    artistKey: 'halden-marr',
    genre: 'Minimal / Deep Tech',
    music: createMusicParams({
      seed: 'demo-low-tide',
      style: 'minimal',
      bpm: 124,
      key: 'G',
      scale: 'minor',
      durationSeconds: 40,
      arrangement: 'early-drop',
      bass: 'rubber',
      chords: 'dub',
      lead: 'bell',
    }),
  },
  {
    key: 'demo-velvet-rooms',
    title: 'Velvet Rooms',
    artistName: 'Velvet Static',
    artistKey: 'velvet-static',
    genre: 'House / Tech House',
    music: createMusicParams({
      seed: 'demo-velvet-rooms',
      style: 'house',
      bpm: 123,
      key: 'F',
      scale: 'dorian',
      durationSeconds: 42,
      arrangement: 'early-drop',
      bass: 'pluck',
      chords: 'keys',
      lead: 'vox',
    }),
  },
  {
    key: 'demo-glass-river',
    title: 'Glass River',
    artistName: 'June Kaskade',
    artistKey: 'june-kaskade',
    genre: 'Drum n Bass',
    music: createMusicParams({
      seed: 'demo-glass-river',
      style: 'dnb',
      bpm: 172,
      key: 'E',
      scale: 'minor',
      durationSeconds: 38,
      arrangement: 'early-drop',
      bass: 'reese',
      chords: 'pad',
      lead: 'pluck',
    }),
  },
  {
    key: 'demo-night-bus',
    title: 'Night Bus Dub',
    artistName: 'Kite Theory',
    artistKey: 'kite-theory',
    genre: 'UK Garage',
    music: createMusicParams({
      seed: 'demo-night-bus',
      style: 'garage',
      bpm: 132,
      key: 'A',
      scale: 'minor',
      durationSeconds: 36,
      arrangement: 'early-drop',
      bass: 'fm',
      chords: 'organ',
      lead: 'vox',
    }),
  },
];
