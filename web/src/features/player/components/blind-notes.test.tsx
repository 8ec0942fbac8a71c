import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BLIND_NOTES_MESSAGES } from '@klang/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { playerApi } from '../api/player-api';
import { getAudioElement } from '../audio/audio-engine';
import { blindNotes, REASON_NOTE_MS, REASON_SHOWN_MS } from '../blind-notes-store';
import { MomentButton, MomentNotice } from './moment-button';
import { SkipReasonStrip } from './skip-reason-strip';

const SKIPPED = '6f1d2c3b-0000-4000-8000-000000000001';
const PLAYING = '6f1d2c3b-0000-4000-8000-000000000002';

const strip = () => screen.queryByRole('group', { name: 'Why skip?' });

afterEach(() => {
  cleanup();
  act(() => {
    blindNotes.forget();
  });
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the "Why skip?" strip', () => {
  it('offers the six reasons for the skipped deal, posts the one tapped, and thanks with the points', async () => {
    const skipReason = vi.spyOn(playerApi, 'skipReason').mockResolvedValue({ pointsAwarded: 2 });
    render(<SkipReasonStrip fallback={<p>The dig bar</p>} />);
    expect(strip()).toBeNull();
    expect(screen.getByText('The dig bar')).toBeDefined();
    act(() => {
      blindNotes.offerReason(SKIPPED);
    });
    // It takes the dig bar's place above the card, and gives it back once it goes.
    expect(screen.queryByText('The dig bar')).toBeNull();
    const group = strip();
    if (!group) throw new Error('no strip');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Intro too long',
      'Not my style',
      'Mix or sound',
      'Vocals',
      'Too slow',
      'Too fast',
      '',
    ]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mix or sound' }));
      await Promise.resolve();
    });
    expect(skipReason).toHaveBeenCalledExactlyOnceWith(SKIPPED, 'mix-or-sound');
    // One tap: the strip gives way to the thanks, with what the note earned.
    expect(strip()).toBeNull();
    expect(await screen.findByText('+2 K-Points')).toBeDefined();
    expect(screen.getByTestId('skip-reason-note').textContent).toBe('Thanks, noted+2 K-Points');
    await vi.waitFor(
      () => {
        expect(screen.getByText('The dig bar')).toBeDefined();
      },
      { timeout: REASON_NOTE_MS + 1_000 },
    );
  });

  it('goes by itself after a while, and waits while focus is in it', () => {
    vi.useFakeTimers();
    render(<SkipReasonStrip />);
    act(() => {
      blindNotes.offerReason(SKIPPED);
    });
    act(() => {
      screen.getByRole('button', { name: 'Vocals' }).focus();
      vi.advanceTimersByTime(REASON_SHOWN_MS * 2);
    });
    expect(strip()).not.toBeNull();
    act(() => {
      screen.getByRole('button', { name: 'Vocals' }).blur();
      vi.advanceTimersByTime(REASON_SHOWN_MS - 1);
    });
    expect(strip()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(strip()).toBeNull();
  });

  it('is dismissed without a reason, and sends nothing', () => {
    const skipReason = vi.spyOn(playerApi, 'skipReason');
    render(<SkipReasonStrip />);
    act(() => {
      blindNotes.offerReason(SKIPPED);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss, no reason' }));
    expect(strip()).toBeNull();
    expect(skipReason).not.toHaveBeenCalled();
  });

  it("shows the server's refusal where the thanks would be, then clears it", async () => {
    vi.spyOn(playerApi, 'skipReason').mockRejectedValue(
      new ApiError({ status: 409, code: 'CONFLICT', message: BLIND_NOTES_MESSAGES.reasonTooLate }),
    );
    render(<SkipReasonStrip />);
    act(() => {
      blindNotes.offerReason(SKIPPED);
    });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Too slow' }));
      await Promise.resolve();
      await Promise.resolve();
    });
    expect(screen.getAllByText(BLIND_NOTES_MESSAGES.reasonTooLate).length).toBeGreaterThan(0);
    act(() => {
      vi.advanceTimersByTime(REASON_NOTE_MS);
    });
    expect(screen.queryAllByText(BLIND_NOTES_MESSAGES.reasonTooLate)).toHaveLength(0);
  });
});

describe('the "this moment" button', () => {
  const button = () => screen.getByRole('button', { name: /This moment|Marked|Moments marked/ });

  it('marks where the player is, confirms it, and takes no more than three a deal', async () => {
    const mark = vi.spyOn(playerApi, 'markMoment').mockResolvedValue({ pointsAwarded: 2 });
    const position = vi.spyOn(getAudioElement(), 'currentTime', 'get').mockReturnValue(12.3456);
    render(<MomentButton alias={PLAYING} isDisabled={false} />);
    expect(button().textContent).toContain('0 of 3 marked');

    await act(async () => {
      fireEvent.click(button());
      await Promise.resolve();
    });
    expect(mark).toHaveBeenLastCalledWith(PLAYING, 12_345);
    expect(button().textContent).toContain('Marked 0:12');
    expect(screen.getByText('+2 K-Points')).toBeDefined();

    for (const seconds of [20, 31]) {
      position.mockReturnValue(seconds);
      await act(async () => {
        fireEvent.click(button());
        await Promise.resolve();
      });
      expect(mark).toHaveBeenLastCalledWith(PLAYING, seconds * 1000);
    }
    expect(button().textContent).toContain('3 of 3 marked');
    expect(button()).toHaveProperty('disabled', true);
    fireEvent.click(button());
    expect(mark).toHaveBeenCalledTimes(3);
  });

  it("shows the server's 409 message plainly, and starts again at none for the next deal", async () => {
    vi.spyOn(playerApi, 'markMoment').mockRejectedValue(
      new ApiError({ status: 409, code: 'CONFLICT', message: BLIND_NOTES_MESSAGES.momentTooClose }),
    );
    const { rerender } = render(
      <MomentNotice alias={PLAYING}>
        <MomentButton alias={PLAYING} isDisabled={false} />
      </MomentNotice>,
    );
    // The notice shows its children until there is a refusal to show.
    await act(async () => {
      fireEvent.click(button());
      await Promise.resolve();
    });
    expect(screen.getByText(BLIND_NOTES_MESSAGES.momentTooClose)).toBeDefined();
    rerender(
      <MomentNotice alias={SKIPPED}>
        <MomentButton alias={SKIPPED} isDisabled={false} />
      </MomentNotice>,
    );
    expect(screen.queryByText(BLIND_NOTES_MESSAGES.momentTooClose)).toBeNull();
    expect(button().textContent).toContain('0 of 3 marked');
  });

  it('stops at once when the server says the deal has its three moments', async () => {
    vi.spyOn(playerApi, 'markMoment').mockRejectedValue(
      new ApiError({ status: 409, code: 'CONFLICT', message: BLIND_NOTES_MESSAGES.momentsFull }),
    );
    render(
      <>
        <MomentButton alias={PLAYING} isDisabled={false} />
        <MomentNotice alias={PLAYING}>Like it to find out who made it</MomentNotice>
      </>,
    );
    await act(async () => {
      fireEvent.click(button());
      await Promise.resolve();
    });
    expect(screen.getByText(BLIND_NOTES_MESSAGES.momentsFull)).toBeDefined();
    expect(button()).toHaveProperty('disabled', true);
  });
});
