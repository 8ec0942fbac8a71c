import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Toaster, preloadToaster, toast } from './toast';

describe('toast', () => {
  // The toasts' rendering is a lazy chunk; fetched first, it renders in the same pass.
  beforeAll(preloadToaster);
  afterEach(cleanup);

  it('shows a toast through the toaster', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Track uploaded successfully');
      toast.error('Failed to upload track');
    });
    // The toasts' rendering is fetched at the first toast.
    expect(await screen.findByText('Track uploaded successfully')).toBeTruthy();
    expect(screen.getByText('Failed to upload track')).toBeTruthy();
  });
});
