import { SOUND_MESSAGES } from '@klang/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DigBar } from './dig-bar';

function renderBar(filters = {}) {
  const onDig = vi.fn();
  render(
    <DigBar
      filters={filters}
      isMixing={false}
      onDig={onDig}
      isSurprising={false}
      onSurprise={vi.fn()}
      isTuned={false}
    />,
  );
  return onDig;
}

const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

// The dialog is its own chunk: its first import in a test takes a moment.
describe('the Filters dialog (issue 28)', () => {
  afterEach(cleanup);

  it(
    "says the first of the server's rules broken on submit, and any edit clears it",
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const onDig = renderBar();
      await user.click(screen.getByRole('button', { name: 'Filters' }));
      const deal = await screen.findByRole('button', { name: 'Deal matching tracks' }, { timeout: 10_000 });

      type('From BPM', 'fast');
      expect(screen.queryByText(SOUND_MESSAGES.bpmInvalid)).toBeNull();
      await user.click(deal);
      await screen.findByText(SOUND_MESSAGES.bpmInvalid);
      type('From BPM', '130');
      await waitFor(() => {
        expect(screen.queryByText(SOUND_MESSAGES.bpmInvalid)).toBeNull();
      });

      type('To BPM', '120');
      await user.click(deal);
      await screen.findByText(SOUND_MESSAGES.bpmRangeReversed);
      // The half-and-double box is an edit too.
      await user.click(screen.getByRole('checkbox', { name: 'Half and double time too' }));
      await waitFor(() => {
        expect(screen.queryByText(SOUND_MESSAGES.bpmRangeReversed)).toBeNull();
      });
      expect(onDig).not.toHaveBeenCalled();
    },
  );

  it(
    'deals by the filters as the deck reads them, the ones in force filled in',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const onDig = renderBar({ key: '8A', energy: 'high' });
      await user.click(screen.getByRole('button', { name: /^Filters/ }));
      expect(
        (await screen.findByRole('button', { name: 'High' }, { timeout: 10_000 })).getAttribute(
          'aria-pressed',
        ),
      ).toBe('true');
      type('From BPM', ' 84 ');
      type('To BPM', '88');
      await user.click(screen.getByRole('checkbox', { name: 'Half and double time too' }));
      await user.click(screen.getByRole('button', { name: 'Any' }));
      await user.click(screen.getByRole('button', { name: 'Deal matching tracks' }));
      await waitFor(() => {
        expect(onDig).toHaveBeenCalledWith({ bpmMin: 84, bpmMax: 88, halfDouble: true, key: '8A' }, false);
      });
    },
  );
});
