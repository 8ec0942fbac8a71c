/** Characters no file system takes in a name (Windows' set, and control characters). */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]/g;

/**
 * The name a vocal is saved under, as the browser will write it: the typed name, trimmed, its
 * unsafe characters replaced with '_' (so the screen can say the real name), and '.mp3'. Null
 * while nothing is typed.
 */
export function mp3FileName(typed: string): string | null {
  const name = typed.trim().replace(UNSAFE, '_');
  return name ? `${name}.mp3` : null;
}
