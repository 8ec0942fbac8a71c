import { PALETTES, THEMES } from '@klang/domain';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

// CSS cannot import the domain palettes, so this test is what keeps the two from drifting. Read from
// disk: Vitest hands CSS modules, ?raw included, to tests as empty strings.
const css = readFileSync(`${import.meta.dirname}/styles.css`, 'utf8');

function paletteBlock(theme: string): string {
  const start = css.indexOf(`:root[data-theme='${theme}'] {`);
  const end = css.indexOf('}', start);
  if (start < 0 || end < 0) throw new Error(`No palette block for ${theme}`);
  return css.slice(start, end);
}

function toKebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

describe('styles.css palettes', () => {
  it.each(THEMES)('matches PALETTES.%s', (theme) => {
    const block = paletteBlock(theme);
    for (const [name, value] of Object.entries(PALETTES[theme])) {
      const match = new RegExp(`--palette-${toKebab(name)}:\\s*(#[0-9a-fA-F]{6});`).exec(block);
      expect(match?.[1]?.toLowerCase(), `--palette-${toKebab(name)} (${theme})`).toBe(value.toLowerCase());
    }
  });
});
