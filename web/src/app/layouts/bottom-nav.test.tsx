import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../paths';
import { BottomNav } from './bottom-nav';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <BottomNav />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'App' }));
}

describe('BottomNav', () => {
  afterEach(cleanup);

  it('links the four sections of the app', () => {
    const nav = renderAt(paths.player);
    expect(nav.getByRole('link', { name: 'Discover' }).getAttribute('href')).toBe(paths.player);
    expect(nav.getByRole('link', { name: 'Charts' }).getAttribute('href')).toBe(paths.charts);
    expect(nav.getByRole('link', { name: 'Library' }).getAttribute('href')).toBe(paths.library);
    expect(nav.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe(paths.profile);
  });

  it.each([
    [paths.player, 'Discover'],
    [paths.charts, 'Charts'],
    [paths.library, 'Library'],
    [paths.profile, 'Profile'],
    [paths.dashboard, 'Profile'],
    [paths.soundLab, 'Profile'],
  ])('marks the current section on %s', (path, label) => {
    const nav = renderAt(path);
    const current = nav.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([label]);
  });

  it('marks nothing on a screen outside the four sections', () => {
    const nav = renderAt(paths.forum);
    expect(nav.getAllByRole('link').some((link) => link.hasAttribute('aria-current'))).toBe(false);
  });
});
