import { describe, expect, it } from 'vitest';
import { makeRenditionMp3 } from '../../test/test-audio';
import { firstFrameOffset } from './mp3-frames';

describe('firstFrameOffset', () => {
  const mp3 = makeRenditionMp3(2);

  it('finds the frame a rendition starts with, and the next one from anywhere inside a frame', () => {
    expect(firstFrameOffset(mp3)).toBe(0);
    // 192 kbit/s at 44.1 kHz: 626 or 627 bytes a frame.
    const inside = firstFrameOffset(mp3.subarray(1000)) ?? -1;
    expect(inside).toBeGreaterThanOrEqual(0);
    expect(inside).toBeLessThan(627);
    expect(mp3[1000 + inside]).toBe(0xff);
    expect(firstFrameOffset(mp3.subarray(1000 + inside + 1))).toBeGreaterThan(600);
  });

  it('takes no lone sync bits for a frame, and finds none in zeros or noise that is no MP3', () => {
    expect(firstFrameOffset(Buffer.alloc(4096))).toBeUndefined();
    // A header-shaped word with no frame after it.
    const lone = Buffer.concat([Buffer.from([0xff, 0xfb, 0xb0, 0x00]), Buffer.alloc(2000)]);
    expect(firstFrameOffset(lone)).toBeUndefined();
    expect(firstFrameOffset(Buffer.from([0xff, 0xfb]))).toBeUndefined();
  });
});
