// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, createZip } from './zip';

describe('createZip', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('writes an archive that unzip lists and extracts byte for byte', async () => {
    const kick = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256);
    const blob = createZip([
      { name: 'kick.mp3', data: kick },
      { name: 'hät 2.mp3', data: new Uint8Array([1, 2, 3]) },
    ]);
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
    const file = path.join(dir, 'preset-1-sounds.zip');
    writeFileSync(file, new Uint8Array(await blob.arrayBuffer()));
    // Python's zipfile is a strict, independent reader.
    const listing = execFileSync('python3', [
      '-c',
      'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print("\\n".join(z.namelist())); z.extractall(sys.argv[2])',
      file,
      dir,
    ]).toString();
    expect(listing.trim().split('\n')).toEqual(['kick.mp3', 'hät 2.mp3']);
    expect(new Uint8Array(readFileSync(path.join(dir, 'kick.mp3')))).toEqual(kick);
  });
});
