import type { RevealedListedTrack } from '@klang/domain';
import { describe, expect, it } from 'vitest';
import { libraryCsv, libraryM3u } from './library-export';

const TRACKS: RevealedListedTrack[] = [
  {
    isRevealed: true,
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Tidal Lock, "Dub"',
    artist: '=HYPERLINK("x")',
    artistId: '00000000-0000-4000-8000-000000000000',
    genre: 'Minimal / Deep Tech',
    label: 'Unsigned',
    coverUrl: null,
    durationMs: 361_400,
    sound: { bpm: 124, key: '8A', energy: 'high' },
  },
  {
    isRevealed: true,
    id: '00000000-0000-4000-8000-000000000002',
    title: 'Night/Shift',
    artist: 'Halden Marr',
    artistId: '00000000-0000-4000-8000-000000000000',
    genre: 'Drum n Bass',
    label: 'Unsigned',
    coverUrl: null,
    durationMs: null,
    sound: { bpm: null, key: null, energy: null },
  },
];

describe('the library exports', () => {
  it('writes a CSV a spreadsheet opens as text, quoted where it must be', () => {
    expect(libraryCsv(TRACKS).split('\r\n')).toEqual([
      'title,artist,genre,label,bpm,key,energy,seconds',
      `"Tidal Lock, ""Dub""","'=HYPERLINK(""x"")",Minimal / Deep Tech,Unsigned,124,8A,high,361`,
      'Night/Shift,Halden Marr,Drum n Bass,Unsigned,,,,',
      '',
    ]);
  });

  it('writes an M3U of names and lengths with tempo and key, and no audio or Klang address', () => {
    const m3u = libraryM3u(TRACKS);
    expect(m3u.split('\n')).toEqual([
      '#EXTM3U',
      '#PLAYLIST:Klang library',
      '#EXTINF:361,=HYPERLINK("x") - Tidal Lock, "Dub" (124 BPM · 8A · high energy)',
      '=HYPERLINK("x") - Tidal Lock, "Dub".mp3',
      '#EXTINF:-1,Halden Marr - Night/Shift',
      'Halden Marr - Night Shift.mp3',
      '',
    ]);
    expect(m3u).not.toMatch(/https?:|\/media\//);
  });
});
