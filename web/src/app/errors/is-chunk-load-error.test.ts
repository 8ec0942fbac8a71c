import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './is-chunk-load-error';

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://klang.test/assets/faq-a1.js'),
    new TypeError('error loading dynamically imported module: https://klang.test/assets/faq-a1.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /assets/faq-a1.css'),
    Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    new Error('render failed'),
    new TypeError('x is undefined'),
    'Failed to fetch dynamically imported module',
    null,
  ])('does not mistake %s for a load failure', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});
