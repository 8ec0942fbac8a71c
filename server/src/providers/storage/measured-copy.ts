import { createHash } from 'node:crypto';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredObject } from './storage';

/**
 * Pipes `body` into `out` and reports its size and sha256, measured on the way so the object
 * is never held whole in memory. Rejects (and destroys both streams) if either side fails.
 */
export async function copyMeasured(body: Buffer | Readable, out: Writable): Promise<StoredObject> {
  const hash = createHash('sha256');
  let byteSize = 0;
  await pipeline(
    Buffer.isBuffer(body) ? Readable.from([body]) : body,
    async function* measure(chunks: AsyncIterable<Buffer | string>) {
      for await (const chunk of chunks) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        hash.update(bytes);
        byteSize += bytes.length;
        yield bytes;
      }
    },
    out,
  );
  return { byteSize, sha256: hash.digest('hex') };
}
