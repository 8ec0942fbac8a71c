import { PACK_MESSAGES } from '@klang/domain';
import { describe, expect, it } from 'vitest';
import { addImages, trainingProblem } from './pack-selection';

let counter = 0;
const newId = () => `id-${++counter}`;
const file = (type: string, size = 1000) =>
  new File([new Uint8Array(size)], `f.${type.split('/')[1] ?? 'x'}`, { type });

describe('adding images to a pack selection', () => {
  it('keeps JPEG and PNG up to 5 MB and silently drops the rest', () => {
    const { images, error } = addImages(
      [],
      [
        file('image/jpeg'),
        file('image/png'),
        file('image/webp'),
        file('image/gif'),
        file('image/jpeg', 5_242_881),
      ],
      newId,
    );
    expect(error).toBeNull();
    expect(images.map((image) => image.file.type)).toEqual(['image/jpeg', 'image/png']);
  });

  it('adds none of the new ones when they would pass 70', () => {
    const start = addImages(
      [],
      Array.from({ length: 65 }, () => file('image/jpeg')),
      newId,
    ).images;
    const over = addImages(
      start,
      Array.from({ length: 6 }, () => file('image/png')),
      newId,
    );
    expect(over.error).toBe(PACK_MESSAGES.maxImages);
    expect(over.images).toHaveLength(65);
    // Dropped files do not count against the limit.
    const fits = addImages(
      start,
      [...Array.from({ length: 5 }, () => file('image/png')), file('text/plain')],
      newId,
    );
    expect(fits.error).toBeNull();
    expect(fits.images).toHaveLength(70);
  });

  it('needs 20 images, then a name, before training', () => {
    expect(trainingProblem(19, 'Night')).toBe(PACK_MESSAGES.minImages);
    expect(trainingProblem(20, '  ')).toBe(PACK_MESSAGES.nameRequired);
    expect(trainingProblem(20, 'Night')).toBeNull();
  });
});
