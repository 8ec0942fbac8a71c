import { PACK_MESSAGES } from '@klang/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SelectedImage } from '../pack-selection';
import { SelectedImagesDialog } from './selected-images-dialog';

const images = (count: number): SelectedImage[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `image-${i}`,
    file: new File([new Uint8Array(4)], `p${i}.jpg`, { type: 'image/jpeg' }),
  }));

function show(
  count: number,
  name = '',
  handlers: { onRemove?: (id: string) => void; onGenerate?: () => void } = {},
) {
  render(
    <SelectedImagesDialog
      open
      onOpenChange={() => undefined}
      images={images(count)}
      onRemove={handlers.onRemove ?? (() => undefined)}
      onAddFiles={() => undefined}
      name={name}
      onNameChange={() => undefined}
      error={null}
      onGenerate={handlers.onGenerate ?? (() => undefined)}
    />,
  );
}

describe('the selected-images modal (spec 002 §2.6, §4, §5)', () => {
  beforeAll(() => {
    // jsdom has no object URLs; the thumbnails only need distinct strings.
    let next = 0;
    URL.createObjectURL = () => `blob:thumb-${++next}`;
    URL.revokeObjectURL = () => undefined;
  });
  afterEach(cleanup);

  it('rates the selection and counts it out of 70', () => {
    show(12);
    expect(screen.getByTestId('pack-quality').textContent).toBe('BAD');
    expect(screen.getByText('12 of 70')).toBeTruthy();
    cleanup();
    show(25);
    expect(screen.getByTestId('pack-quality').textContent).toBe('GOOD');
    cleanup();
    show(40);
    expect(screen.getByTestId('pack-quality').textContent).toBe('EXCELLENT');
  });

  it('keeps Generate (30 credits) disabled until there are 20 images and a name', () => {
    show(19, 'Night');
    const generate = screen.getByRole<HTMLButtonElement>('button', { name: /Generate/ });
    expect(generate.textContent).toContain('30 credits');
    expect(generate.disabled).toBe(true);
    expect(screen.getByText(PACK_MESSAGES.minImages)).toBeTruthy();
    cleanup();
    show(20, ' ');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Generate/ }).disabled).toBe(true);
    expect(screen.getByText(PACK_MESSAGES.nameRequired)).toBeTruthy();
    cleanup();
    const onGenerate = vi.fn();
    show(20, 'Night', { onGenerate });
    fireEvent.click(screen.getByRole('button', { name: /Generate/ }));
    expect(onGenerate).toHaveBeenCalledOnce();
  });

  it('removes the photo whose button is pressed', () => {
    const onRemove = vi.fn();
    show(3, 'Night', { onRemove });
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(onRemove).toHaveBeenCalledWith('image-1');
  });
});
