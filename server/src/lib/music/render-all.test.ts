import { describe, expect, it } from 'vitest';
import { createMusicParams } from './compose-params';
import { renderAll, type RenderItem } from './render-all';

function createItem(key: string, style: 'minimal' | 'dnb', bpm: number): RenderItem {
  const params = createMusicParams({
    seed: key,
    style,
    bpm,
    key: 'E',
    scale: 'minor',
    durationSeconds: 2,
    arrangement: 'classic',
    bass: 'sub',
    chords: 'pad',
    lead: 'bell',
  });
  return { key, params };
}

describe('renderAll', () => {
  const items = [
    createItem('a', 'minimal', 124),
    createItem('b', 'dnb', 172),
    createItem('c', 'minimal', 122),
  ];

  it('renders on worker threads, in input order, reporting progress', async () => {
    const progress: number[] = [];
    const results = await renderAll(items, (_, done) => progress.push(done), { workers: 2 });
    expect(results.map((r) => r.key)).toEqual(['a', 'b', 'c']);
    expect(progress).toEqual([1, 2, 3]);
    for (const result of results) {
      expect(result.durationMs).toBe(2000);
      expect(result.mp3[0]).toBe(0xff);
    }
  });

  it('gives the same bytes on the calling thread as on workers', async () => {
    const [inline] = await renderAll(items.slice(0, 1), undefined, { workers: 0 });
    const [threaded] = await renderAll(items.slice(0, 1), undefined, { workers: 1 });
    expect(inline?.mp3.equals(threaded?.mp3 ?? Buffer.alloc(0))).toBe(true);
  });
});
