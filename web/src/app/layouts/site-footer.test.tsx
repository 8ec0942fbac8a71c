import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../paths';
import { SiteFooter } from './site-footer';

function renderFooter() {
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
  return screen.getByRole('contentinfo');
}

describe('SiteFooter', () => {
  afterEach(cleanup);

  it.each(['Careers', 'Press', 'Blog'])('greys out %s and does not link it', (label) => {
    const footer = renderFooter();
    const entry = within(footer).getByText(label, { exact: true });
    expect(entry.getAttribute('aria-disabled')).toBe('true');
    expect(entry.closest('a')).toBeNull();
    expect(within(footer).queryByRole('link', { name: label })).toBeNull();
  });

  it('shows the Cookie Policy without linking it', () => {
    const footer = renderFooter();
    expect(within(footer).getByText('Cookie Policy', { exact: true }).closest('a')).toBeNull();
    expect(within(footer).queryByRole('link', { name: 'Cookie Policy' })).toBeNull();
  });

  it.each([
    ['How It Works', paths.howItWorks],
    ['Roadmap', paths.roadmap],
    ['Our Story', paths.ourStory],
    ['Terms of Service', paths.terms],
    ['Privacy Policy', paths.privacy],
    ['Contact Us', paths.contact],
    ['Report a Bug', paths.reportBug],
  ])('links %s to %s', (label, href) => {
    const footer = renderFooter();
    expect(within(footer).getByRole('link', { name: label }).getAttribute('href')).toBe(href);
  });
});
