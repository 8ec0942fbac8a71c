/**
 * Film grain as a raw RGBA overlay for sharp's compositor. Generated in JS from a fixed seed
 * (deterministic, unlike libvips' noise) and once per size: SVG feTurbulence grain cost ~300 ms
 * per cover, this costs ~15 ms once.
 */
import { createNoise } from '../music/dsp';

export interface GrainOverlay {
  input: Buffer;
  raw: { width: number; height: number; channels: 4 };
  blend: 'soft-light';
}

const cache = new Map<number, Buffer>();

function createGrainPixels(size: number): Buffer {
  const noise = createNoise(0x5eed);
  const pixels = Buffer.alloc(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    // Two uniform draws summed: a triangular distribution looks more like film than flat noise.
    const value = 128 + 46 * (noise() + noise());
    const byte = Math.max(0, Math.min(255, Math.round(value)));
    pixels[i * 4] = byte;
    pixels[i * 4 + 1] = byte;
    pixels[i * 4 + 2] = byte;
    pixels[i * 4 + 3] = 70;
  }
  return pixels;
}

/** The grain overlay for a square image of `size` pixels. */
export function getGrainOverlay(size: number): GrainOverlay {
  let input = cache.get(size);
  if (input === undefined) {
    input = createGrainPixels(size);
    cache.set(size, input);
  }
  return { input, raw: { width: size, height: size, channels: 4 }, blend: 'soft-light' };
}
