import type { RevealedListedTrack } from '@klang/domain';
import { describe, expect, it } from 'vitest';
import { sortLibrary } from './library-order';

const track = (id: string, title: string, artist: string): RevealedListedTrack => ({
  isRevealed: true,
  id: `00000000-0000-4000-8000-00000000000${id}`,
  title,
  artist,
  artistId: '00000000-0000-4000-8000-000000000000',
  genre: 'House / Tech House',
  label: 'Unsigned',
  coverUrl: null,
  durationMs: null,
  sound: { bpm: null, key: null, energy: null },
});

const recent = [track('1', 'zephyr', 'Mara'), track('2', 'Álba', 'kiro'), track('3', 'Track 10', 'Kiro')];

describe('sortLibrary', () => {
  it('keeps the server order for recent, without touching the list it was given', () => {
    expect(sortLibrary(recent, 'recent')).toEqual(recent);
    sortLibrary(recent, 'title');
    expect(recent.map((t) => t.title)).toEqual(['zephyr', 'Álba', 'Track 10']);
  });

  it('sorts by title ignoring case and accents', () => {
    expect(sortLibrary(recent, 'title').map((t) => t.title)).toEqual(['Álba', 'Track 10', 'zephyr']);
  });

  it('sorts by artist, then title', () => {
    expect(sortLibrary(recent, 'artist').map((t) => t.title)).toEqual(['Álba', 'Track 10', 'zephyr']);
    expect(sortLibrary([track('4', 'B', 'X'), track('5', 'A', 'x')], 'artist').map((t) => t.title)).toEqual([
      'A',
      'B',
    ]);
  });

  it('sorts by tempo and by the Camelot wheel, tracks of unknown sound last', () => {
    const withSound = (id: string, bpm: number | null, key: string | null) => ({
      ...track(id, `t${id}`, 'A'),
      sound: { bpm, key, energy: null },
    });
    const crate = [
      withSound('1', 174, '12B'),
      withSound('2', null, null),
      withSound('3', 122, '8A'),
      withSound('4', 128, '1A'),
    ];
    expect(sortLibrary(crate, 'bpm').map((t) => t.title)).toEqual(['t3', 't4', 't1', 't2']);
    expect(sortLibrary(crate, 'key').map((t) => t.title)).toEqual(['t4', 't3', 't1', 't2']);
  });
});
