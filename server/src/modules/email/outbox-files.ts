import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

const EML_PATH = /^[0-9]{4}-[0-9]{2}-[0-9]{2}\/[0-9a-f-]{36}\.eml$/;

/**
 * Keeps a sent message as `<outboxDir>/<yyyy-mm-dd>/<id>.eml` (UTC date) and returns that
 * path relative to the outbox, so the data directory can move. Written whole or not at all.
 */
export async function writeEml(outboxDir: string, id: string, raw: Buffer, at: Date): Promise<string> {
  const relative = `${at.toISOString().slice(0, 10)}/${id}.eml`;
  if (!EML_PATH.test(relative)) throw new Error(`not an outbox id: ${id}`);
  const file = path.join(outboxDir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
  try {
    await writeFile(temp, raw, { flag: 'wx', mode: 0o640 });
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  return relative;
}

/** The stored message, or undefined when the path is not one writeEml makes or the file is gone. */
export async function readEml(outboxDir: string, relative: string): Promise<Buffer | undefined> {
  if (!EML_PATH.test(relative)) return undefined;
  try {
    return await readFile(path.join(outboxDir, relative));
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
}
