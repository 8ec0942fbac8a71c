import { asSpreadsheetText, describeSound, type RevealedListedTrack } from '@klang/domain';

/** One CSV field, RFC 4180: quoted when it holds a comma, a quote or a line break. */
function field(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : asSpreadsheetText(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The library as a CSV (issue 28 item 5): what a DJ sorts a crate by, metadata only. Text a
 * spreadsheet would run as a formula stays text.
 */
export function libraryCsv(tracks: readonly RevealedListedTrack[]): string {
  const rows = [
    ['title', 'artist', 'genre', 'label', 'bpm', 'key', 'energy', 'seconds'],
    ...tracks.map((t) => [
      t.title,
      t.artist,
      t.genre,
      t.label,
      t.sound.bpm ?? null,
      t.sound.key ?? null,
      t.sound.energy ?? null,
      t.durationMs === null ? null : Math.round(t.durationMs / 1000),
    ]),
  ];
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** A name a DJ's own file of the track would have; no path separator or line break in it. */
function fileName(track: RevealedListedTrack): string {
  return `${track.artist} - ${track.title}.mp3`.replace(/[\\/\r\n]/g, ' ');
}

/**
 * The library as an extended M3U playlist: no audio and no Klang URL, each entry names the file
 * a DJ's software matches with their own copy, with its length, and its tempo, key and energy in
 * the title the software shows.
 */
export function libraryM3u(tracks: readonly RevealedListedTrack[]): string {
  const lines = ['#EXTM3U', '#PLAYLIST:Klang library'];
  for (const track of tracks) {
    const seconds = track.durationMs === null ? -1 : Math.round(track.durationMs / 1000);
    const sound = describeSound(track.sound);
    const title = `${track.artist} - ${track.title}${sound ? ` (${sound})` : ''}`.replace(/[\r\n]/g, ' ');
    lines.push(`#EXTINF:${String(seconds)},${title}`, fileName(track));
  }
  return lines.join('\n') + '\n';
}

/** Offers `text` as a download named `name`, made in the browser: nothing is sent anywhere. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}
