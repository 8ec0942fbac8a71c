import { describe, expect, it } from 'vitest';
import { mp3FileName } from './file-name';

describe('the name a vocal is saved under', () => {
  it('is the typed name, trimmed, with .mp3', () => {
    expect(mp3FileName('  night vocal ')).toBe('night vocal.mp3');
  });

  it('replaces what no file system takes, as the saved file will have it', () => {
    expect(mp3FileName('verse/chorus: take 2?')).toBe('verse_chorus_ take 2_.mp3');
  });

  it('is nothing while no name is typed', () => {
    expect(mp3FileName('   ')).toBeNull();
  });
});
