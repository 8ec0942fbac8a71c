import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_MESSAGES } from '@klang/domain';
import { STORAGE_KEYS } from '../../lib/storage';
import { InstallOffer } from './install-offer';
import { holdInstallPrompt, useInstallStore } from './install-store';

/** What Chromium fires when the page is installable: a held-back prompt. */
function firePrompt() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn().mockResolvedValue(undefined),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

holdInstallPrompt();

describe('the offer to install Klang', () => {
  afterEach(() => {
    cleanup();
    useInstallStore.setState({ deferred: null, isAnswered: false });
    window.localStorage.clear();
  });

  it('is made only after a few likes, and only where the browser can install', () => {
    const { rerender } = render(<InstallOffer likeCount={3} />);
    expect(screen.queryByText(INSTALL_MESSAGES.title)).toBeNull();
    const event = firePrompt();
    // The browser's own banner is held back for Klang's moment.
    expect(event.defaultPrevented).toBe(true);
    rerender(<InstallOffer likeCount={2} />);
    expect(screen.queryByText(INSTALL_MESSAGES.title)).toBeNull();
    rerender(<InstallOffer likeCount={3} />);
    expect(screen.getByText(INSTALL_MESSAGES.title)).toBeTruthy();
  });

  it("opens the browser's dialog once, and is never made again", async () => {
    const event = firePrompt();
    const { unmount } = render(<InstallOffer likeCount={5} />);
    await userEvent.click(screen.getByRole('button', { name: INSTALL_MESSAGES.install }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByText(INSTALL_MESSAGES.title)).toBeNull();
    unmount();
    // A later visit: the browser offers again, Klang does not.
    firePrompt();
    render(<InstallOffer likeCount={6} />);
    expect(screen.queryByText(INSTALL_MESSAGES.title)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.installOffer)).toContain('"isAnswered":true');
  });

  it('is dismissed for good by "Not now"', async () => {
    firePrompt();
    render(<InstallOffer likeCount={3} />);
    await userEvent.click(screen.getByRole('button', { name: INSTALL_MESSAGES.dismiss }));
    expect(screen.queryByText(INSTALL_MESSAGES.title)).toBeNull();
    expect(useInstallStore.getState().isAnswered).toBe(true);
  });
});
