/**
 * Seed tracks: what each is called, who made it, and the recipe its music is synthesized from.
 * Featured flags respect the tier limits of spec 001 §6 (free: 1 of at most 5 tracks; trial and
 * pro: 3), and the two active chart genres carry most tracks and most featured ones.
 */
import type { SeedGenre, SeedTrack } from './catalogue';
import { createMusicParams, type MusicSpec } from '../../lib/music/compose-params';
import type { MusicStyle } from '../../lib/music/music-params';

type Recipe = Omit<MusicSpec, 'seed' | 'style'>;

interface Listing {
  featured?: boolean;
  daysAgo: number;
  label?: string;
}

const STYLE_OF_GENRE: Record<SeedGenre, MusicStyle> = {
  'Minimal / Deep Tech': 'minimal',
  'House / Tech House': 'house',
  'Drum n Bass': 'dnb',
  Techno: 'techno',
  'UK Garage': 'garage',
};

const MINIMAL = 'Minimal / Deep Tech';
const HOUSE = 'House / Tech House';
const DNB = 'Drum n Bass';
const TECHNO = 'Techno';
const GARAGE = 'UK Garage';

function defineTrack(
  key: string,
  artistKey: string,
  title: string,
  genre: SeedGenre,
  listing: Listing,
  recipe: Recipe,
): SeedTrack {
  return {
    key,
    artistKey,
    title,
    genre,
    label: listing.label ?? 'Unsigned',
    featured: listing.featured ?? false,
    uploadedDaysAgo: listing.daysAgo,
    music: createMusicParams({ ...recipe, seed: key, style: STYLE_OF_GENRE[genre] }),
  };
}

/* prettier-ignore */
export const SEED_TRACKS: readonly SeedTrack[] = [
  // Halden Marr (pro, gold badge): patient, dubby minimal.
  defineTrack('tidal-lock', 'halden-marr', 'Tidal Lock', MINIMAL, { featured: true, daysAgo: 3, label: 'Low Tide Editions' },
    { bpm: 124, key: 'F', scale: 'minor', durationSeconds: 78, arrangement: 'hypnotic', bass: 'rubber', chords: 'dub', lead: 'bell' }),
  defineTrack('harbour-lights-4am', 'halden-marr', 'Harbour Lights at 4am', MINIMAL, { daysAgo: 41 },
    { bpm: 123, key: 'D', scale: 'dorian', durationSeconds: 66, arrangement: 'slow-burn', bass: 'pluck', chords: 'pad', lead: 'none' }),
  defineTrack('salt-index', 'halden-marr', 'Salt Index', MINIMAL, { featured: true, daysAgo: 12 },
    { bpm: 125, key: 'A', scale: 'minor', durationSeconds: 60, arrangement: 'classic', bass: 'rubber', chords: 'none', lead: 'pluck' }),
  defineTrack('quiet-machinery', 'halden-marr', 'Quiet Machinery', MINIMAL, { daysAgo: 87, label: 'Low Tide Editions' },
    { bpm: 122, key: 'C', scale: 'phrygian', durationSeconds: 54, arrangement: 'hypnotic', bass: 'sub', chords: 'dub', lead: 'none' }),
  defineTrack('drift-permit', 'halden-marr', 'Drift Permit', MINIMAL, { featured: true, daysAgo: 25 },
    { bpm: 124, key: 'G', scale: 'minor', durationSeconds: 72, arrangement: 'early-drop', bass: 'fm', chords: 'pluck', lead: 'bell' }),

  // Velvet Static (pro): warm, wonky house.
  defineTrack('pawn-shop-romance', 'velvet-static', 'Pawn Shop Romance', HOUSE, { featured: true, daysAgo: 6, label: 'Pawnbroker Records' },
    { bpm: 122, key: 'A', scale: 'dorian', durationSeconds: 74, arrangement: 'classic', bass: 'pluck', chords: 'keys', lead: 'vox' }),
  defineTrack('velvet-hours', 'velvet-static', 'Velvet Hours', HOUSE, { featured: true, daysAgo: 19 },
    { bpm: 120, key: 'E', scale: 'minor', durationSeconds: 62, arrangement: 'slow-burn', bass: 'sub', chords: 'pad', lead: 'bell' }),
  defineTrack('left-on-read', 'velvet-static', 'Left on Read', HOUSE, { daysAgo: 58 },
    { bpm: 124, key: 'C#', scale: 'minor', durationSeconds: 48, arrangement: 'early-drop', bass: 'fm', chords: 'stab', lead: 'none' }),
  defineTrack('warm-circuit', 'velvet-static', 'Warm Circuit', HOUSE, { featured: true, daysAgo: 33 },
    { bpm: 123, key: 'F', scale: 'mixolydian', durationSeconds: 66, arrangement: 'classic', bass: 'rubber', chords: 'organ', lead: 'pluck' }),
  defineTrack('kitchen-disco-protocol', 'velvet-static', 'Kitchen Disco Protocol', HOUSE, { daysAgo: 104 },
    { bpm: 125, key: 'G', scale: 'major', durationSeconds: 56, arrangement: 'early-drop', bass: 'pluck', chords: 'keys', lead: 'vox' }),

  // Kite Theory (pro): bouncy house and garage.
  defineTrack('night-bus-hymn', 'kite-theory', 'Night Bus Hymn', HOUSE, { featured: true, daysAgo: 2, label: 'Night Bus Audio' },
    { bpm: 124, key: 'B', scale: 'minor', durationSeconds: 70, arrangement: 'classic', bass: 'fm', chords: 'stab', lead: 'vox' }),
  defineTrack('paper-wings', 'kite-theory', 'Paper Wings', HOUSE, { featured: true, daysAgo: 15 },
    { bpm: 126, key: 'D', scale: 'dorian', durationSeconds: 58, arrangement: 'early-drop', bass: 'pluck', chords: 'pluck', lead: 'bell' }),
  defineTrack('pirate-frequencies', 'kite-theory', 'Pirate Frequencies', GARAGE, { daysAgo: 47 },
    { bpm: 132, key: 'F#', scale: 'minor', durationSeconds: 64, arrangement: 'classic', bass: 'fm', chords: 'organ', lead: 'vox' }),
  defineTrack('bounce-theory', 'kite-theory', 'Bounce Theory', HOUSE, { featured: true, daysAgo: 29 },
    { bpm: 127, key: 'G#', scale: 'minor', durationSeconds: 52, arrangement: 'slow-burn', bass: 'rubber', chords: 'organ', lead: 'none' }),

  // Ferro Bloom (pro): industrial techno and rusty minimal.
  defineTrack('oxide', 'ferro-bloom', 'Oxide', TECHNO, { featured: true, daysAgo: 9, label: 'Ferrous Records' },
    { bpm: 134, key: 'G', scale: 'phrygian', durationSeconds: 68, arrangement: 'slow-burn', bass: 'acid', chords: 'stab', lead: 'none' }),
  defineTrack('rust-garden', 'ferro-bloom', 'Rust Garden', MINIMAL, { featured: true, daysAgo: 21 },
    { bpm: 126, key: 'E', scale: 'phrygian', durationSeconds: 62, arrangement: 'hypnotic', bass: 'pluck', chords: 'dub', lead: 'acid' }),
  defineTrack('pressure-valve', 'ferro-bloom', 'Pressure Valve', TECHNO, { daysAgo: 66, label: 'Ferrous Records' },
    { bpm: 136, key: 'A', scale: 'minor', durationSeconds: 76, arrangement: 'classic', bass: 'rubber', chords: 'pad', lead: 'acid' }),
  defineTrack('iron-lilies', 'ferro-bloom', 'Iron Lilies', MINIMAL, { featured: true, daysAgo: 38 },
    { bpm: 125, key: 'C', scale: 'minor', durationSeconds: 56, arrangement: 'early-drop', bass: 'sub', chords: 'stab', lead: 'bell' }),

  // Oskari Lumen (trial): deep tech through a tape echo.
  defineTrack('tape-echo-winter', 'oskari-lumen', 'Tape Echo Winter', MINIMAL, { featured: true, daysAgo: 5, label: 'Kallio Tapes' },
    { bpm: 122, key: 'D#', scale: 'minor', durationSeconds: 80, arrangement: 'slow-burn', bass: 'rubber', chords: 'dub', lead: 'none' }),
  defineTrack('aurora-dub', 'oskari-lumen', 'Aurora Dub', MINIMAL, { featured: true, daysAgo: 17 },
    { bpm: 123, key: 'A#', scale: 'dorian', durationSeconds: 68, arrangement: 'hypnotic', bass: 'sub', chords: 'dub', lead: 'bell' }),
  defineTrack('kallio-nights', 'oskari-lumen', 'Kallio Nights', MINIMAL, { featured: true, daysAgo: 30 },
    { bpm: 124, key: 'F#', scale: 'minor', durationSeconds: 60, arrangement: 'classic', bass: 'pluck', chords: 'pad', lead: 'vox' }),
  defineTrack('lumen-one', 'oskari-lumen', 'Lumen One', MINIMAL, { daysAgo: 112 },
    { bpm: 125, key: 'B', scale: 'phrygian', durationSeconds: 44, arrangement: 'early-drop', bass: 'fm', chords: 'none', lead: 'pluck' }),

  // Pale Circuit (free): rolling drum & bass.
  defineTrack('broken-clocks', 'pale-circuit', 'Broken Clocks', DNB, { featured: true, daysAgo: 8 },
    { bpm: 174, key: 'D', scale: 'minor', durationSeconds: 70, arrangement: 'early-drop', bass: 'reese', chords: 'pad', lead: 'pluck' }),
  defineTrack('reese-season', 'pale-circuit', 'Reese Season', DNB, { daysAgo: 52 },
    { bpm: 172, key: 'F', scale: 'phrygian', durationSeconds: 58, arrangement: 'classic', bass: 'reese', chords: 'none', lead: 'bell' }),
  defineTrack('cold-light-rolling', 'pale-circuit', 'Cold Light Rolling', DNB, { daysAgo: 95 },
    { bpm: 173, key: 'A', scale: 'minor', durationSeconds: 46, arrangement: 'early-drop', bass: 'sub', chords: 'keys', lead: 'none' }),

  // June Kaskade (free): liquid drum & bass, one garage detour.
  defineTrack('lathe-cut', 'june-kaskade', 'Lathe Cut', DNB, { daysAgo: 74, label: 'Lathe & Loop' },
    { bpm: 174, key: 'E', scale: 'dorian', durationSeconds: 62, arrangement: 'classic', bass: 'sub', chords: 'pad', lead: 'vox' }),
  defineTrack('riverglass', 'june-kaskade', 'Riverglass', DNB, { featured: true, daysAgo: 11 },
    { bpm: 170, key: 'C', scale: 'major', durationSeconds: 76, arrangement: 'slow-burn', bass: 'sub', chords: 'keys', lead: 'bell' }),
  defineTrack('two-step-weather', 'june-kaskade', 'Two Step Weather', GARAGE, { daysAgo: 36 },
    { bpm: 131, key: 'G', scale: 'dorian', durationSeconds: 54, arrangement: 'early-drop', bass: 'sub', chords: 'keys', lead: 'vox' }),

  // Saffron Hertz (free): playful tech house.
  defineTrack('shift-change', 'saffron-hertz', 'Shift Change', HOUSE, { featured: true, daysAgo: 4 },
    { bpm: 126, key: 'F', scale: 'minor', durationSeconds: 64, arrangement: 'classic', bass: 'pluck', chords: 'stab', lead: 'none' }),
  defineTrack('monitor-feedback', 'saffron-hertz', 'Monitor Feedback', HOUSE, { daysAgo: 45 },
    { bpm: 127, key: 'D#', scale: 'phrygian', durationSeconds: 50, arrangement: 'early-drop', bass: 'acid', chords: 'none', lead: 'vox' }),
  defineTrack('soundcheck-groove', 'saffron-hertz', 'Soundcheck Groove', HOUSE, { daysAgo: 81 },
    { bpm: 125, key: 'A', scale: 'mixolydian', durationSeconds: 42, arrangement: 'early-drop', bass: 'fm', chords: 'organ', lead: 'none' }),

  // Dunmore Signal (free): stripped-back techno, one minimal cut.
  defineTrack('car-park-test', 'dunmore-signal', 'Car Park Test', TECHNO, { daysAgo: 14 },
    { bpm: 132, key: 'C#', scale: 'minor', durationSeconds: 66, arrangement: 'hypnotic', bass: 'rubber', chords: 'dub', lead: 'none' }),
  defineTrack('sodium-lamps', 'dunmore-signal', 'Sodium Lamps', TECHNO, { daysAgo: 63 },
    { bpm: 138, key: 'F', scale: 'phrygian', durationSeconds: 58, arrangement: 'classic', bass: 'acid', chords: 'pad', lead: 'bell' }),
  defineTrack('thin-air', 'dunmore-signal', 'Thin Air', MINIMAL, { featured: true, daysAgo: 27 },
    { bpm: 126, key: 'G#', scale: 'minor', durationSeconds: 60, arrangement: 'hypnotic', bass: 'pluck', chords: 'stab', lead: 'acid' }),

  // Ines Farrow (free): clicky microhouse.
  defineTrack('azulejo', 'ines-farrow', 'Azulejo', MINIMAL, { featured: true, daysAgo: 7 },
    { bpm: 125, key: 'E', scale: 'dorian', durationSeconds: 58, arrangement: 'hypnotic', bass: 'rubber', chords: 'pluck', lead: 'vox' }),
  defineTrack('small-voices', 'ines-farrow', 'Small Voices', MINIMAL, { daysAgo: 49 },
    { bpm: 124, key: 'B', scale: 'minor', durationSeconds: 48, arrangement: 'early-drop', bass: 'fm', chords: 'none', lead: 'vox' }),
  defineTrack('tram-28', 'ines-farrow', 'Tram 28', MINIMAL, { daysAgo: 118 },
    { bpm: 123, key: 'G', scale: 'dorian', durationSeconds: 40, arrangement: 'classic', bass: 'pluck', chords: 'dub', lead: 'pluck' }),

  // Quiet Harbour (free): sunrise garage and deep house.
  defineTrack('sunrise-pier', 'quiet-harbour', 'Sunrise Pier', HOUSE, { featured: true, daysAgo: 10 },
    { bpm: 121, key: 'C', scale: 'dorian', durationSeconds: 72, arrangement: 'slow-burn', bass: 'sub', chords: 'keys', lead: 'pluck' }),
  defineTrack('after-the-last-train', 'quiet-harbour', 'After the Last Train', GARAGE, { daysAgo: 23 },
    { bpm: 133, key: 'A#', scale: 'minor', durationSeconds: 60, arrangement: 'classic', bass: 'fm', chords: 'organ', lead: 'none' }),
  defineTrack('saltwater-skip', 'quiet-harbour', 'Saltwater Skip', GARAGE, { daysAgo: 70 },
    { bpm: 130, key: 'E', scale: 'minor', durationSeconds: 50, arrangement: 'early-drop', bass: 'sub', chords: 'stab', lead: 'vox' }),

  // Nilo Brandt (free): spacious deep tech.
  defineTrack('small-rooms', 'nilo-brandt', 'Small Rooms', MINIMAL, { featured: true, daysAgo: 1 },
    { bpm: 123, key: 'C#', scale: 'minor', durationSeconds: 84, arrangement: 'slow-burn', bass: 'sub', chords: 'pad', lead: 'bell' }),
  defineTrack('big-speakers', 'nilo-brandt', 'Big Speakers', MINIMAL, { daysAgo: 56 },
    { bpm: 126, key: 'F#', scale: 'phrygian', durationSeconds: 52, arrangement: 'classic', bass: 'acid', chords: 'dub', lead: 'none' }),
  defineTrack('atacama-pulse', 'nilo-brandt', 'Atacama Pulse', MINIMAL, { daysAgo: 99 },
    { bpm: 124, key: 'D', scale: 'minor', durationSeconds: 36, arrangement: 'early-drop', bass: 'rubber', chords: 'stab', lead: 'pluck' }),

  // Sable & Rook (free): replayed disco house.
  defineTrack('cousin-disco', 'sable-rook', 'Cousin Disco', HOUSE, { featured: true, daysAgo: 13 },
    { bpm: 124, key: 'D', scale: 'major', durationSeconds: 68, arrangement: 'classic', bass: 'pluck', chords: 'keys', lead: 'bell' }),
  defineTrack('shared-drive', 'sable-rook', 'Shared Drive', HOUSE, { daysAgo: 60 },
    { bpm: 123, key: 'B', scale: 'mixolydian', durationSeconds: 54, arrangement: 'early-drop', bass: 'fm', chords: 'organ', lead: 'vox' }),
  defineTrack('polite-sampling', 'sable-rook', 'Polite Sampling', HOUSE, { daysAgo: 90 },
    { bpm: 122, key: 'G#', scale: 'dorian', durationSeconds: 46, arrangement: 'slow-burn', bass: 'sub', chords: 'stab', lead: 'pluck' }),

  // Greywater (free): modular, rain-soaked deep tech.
  defineTrack('rain-patch', 'greywater', 'Rain Patch', MINIMAL, { featured: true, daysAgo: 18 },
    { bpm: 122, key: 'A', scale: 'phrygian', durationSeconds: 76, arrangement: 'slow-burn', bass: 'fm', chords: 'pad', lead: 'pluck' }),
  defineTrack('slow-burn-modular', 'greywater', 'Slow Burn Modular', MINIMAL, { daysAgo: 77 },
    { bpm: 124, key: 'C', scale: 'dorian', durationSeconds: 64, arrangement: 'hypnotic', bass: 'pluck', chords: 'dub', lead: 'bell' }),
  defineTrack('grey-water-blue', 'greywater', 'Grey Water Blue', MINIMAL, { daysAgo: 120 },
    { bpm: 125, key: 'F', scale: 'harmonic-minor', durationSeconds: 38, arrangement: 'early-drop', bass: 'rubber', chords: 'pluck', lead: 'none' }),
];
