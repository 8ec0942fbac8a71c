import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster, toast } from './toast';

describe('toast', () => {
  afterEach(cleanup);

  it('shows a toast through the toaster', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Track uploaded successfully');
      toast.error('Failed to upload track');
    });
    expect(screen.getByText('Track uploaded successfully')).toBeTruthy();
    expect(screen.getByText('Failed to upload track')).toBeTruthy();
  });
});
