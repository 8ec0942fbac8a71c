import type { SubscriptionTier, UserRole } from '@klang/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../features/accounts/auth-store';
import { paths } from '../paths';
import { AppSidebar } from './app-sidebar';

function renderAs(role: UserRole | null, tier: SubscriptionTier, path: string = paths.charts) {
  useAuthStore.getState().clearSession();
  if (role) {
    useAuthStore
      .getState()
      .setSession(
        { id: 'user-1', email: 'ada@example.com' },
        { id: 'user-1', username: 'ada', role, artistName: role === 'artist' ? 'Ada' : null },
        tier,
      );
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppSidebar hasPlayerBar />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'App' }));
}

describe('AppSidebar', () => {
  afterEach(() => {
    cleanup();
    useAuthStore.getState().clearSession();
  });

  it('gives a listener the four sections and the forum, and no Kit', () => {
    const nav = renderAs('listener', 'free');
    for (const [name, href] of [
      ['Discover', paths.player],
      ['Charts', paths.charts],
      ['Library', paths.library],
      ['Profile', paths.profile],
      ['Forum', paths.forum],
    ] as const) {
      expect(nav.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(nav.queryByRole('link', { name: /Kit/ })).toBeNull();
    expect(nav.queryByRole('button', { name: /Kit/ })).toBeNull();
    expect(nav.getByRole('link', { name: 'Charts' }).getAttribute('aria-current')).toBe('page');
  });

  it("lists the team's share funnel for an admin alone", () => {
    expect(renderAs('listener', 'free').queryByRole('link', { name: 'Blind shares' })).toBeNull();
    cleanup();
    useAuthStore.getState().clearSession();
    useAuthStore.setState({ user: { id: 'user-1', email: 'ada@example.com' }, isAdmin: true });
    render(
      <MemoryRouter initialEntries={[paths.adminShares]}>
        <AppSidebar hasPlayerBar />
      </MemoryRouter>,
    );
    const team = within(screen.getByRole('navigation', { name: 'App' })).getByRole('link', {
      name: 'Blind shares',
    });
    expect(team.getAttribute('href')).toBe(paths.adminShares);
    expect(team.getAttribute('aria-current')).toBe('page');
  });

  it('opens the Kit for a pro artist, and lights the Kit rather than Profile on its screens', () => {
    const nav = renderAs('artist', 'pro', paths.soundLab);
    const kit = nav.getByRole('link', { name: 'Klang Kit' });
    expect(kit.getAttribute('href')).toBe(paths.creatorTools);
    expect(kit.getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows a free artist the Pro popup instead of the Kit', async () => {
    const nav = renderAs('artist', 'free');
    expect(nav.queryByRole('link', { name: /Kit/ })).toBeNull();
    fireEvent.click(nav.getByRole('button', { name: /Klang Kit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Klang Kit is a Pro feature')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      `${paths.profile}?offer=upgrade`,
    );
  });

  it('has no forum for a visitor without a profile', () => {
    const nav = renderAs(null, 'free');
    expect(nav.queryByRole('link', { name: 'Forum' })).toBeNull();
  });
});
