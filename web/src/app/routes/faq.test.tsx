import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FAQ_SECTIONS } from '../content/faq';
import { Component as FaqPage } from './faq';

function renderFaq() {
  render(
    <MemoryRouter>
      <FaqPage />
    </MemoryRouter>,
  );
}

describe('FAQ page', () => {
  afterEach(cleanup);

  it('has a Listeners and an Artists section, both open, with every question', () => {
    renderFaq();
    for (const section of FAQ_SECTIONS) {
      const trigger = screen.getByRole('button', { name: new RegExp(section.title) });
      expect(trigger.getAttribute('aria-expanded')).toBe('true');
      for (const entry of section.entries) expect(screen.getByText(entry.question)).toBeTruthy();
    }
    expect(FAQ_SECTIONS.map((section) => section.title)).toEqual(['Listeners', 'Artists']);
  });

  it('collapses and expands a section', async () => {
    const user = userEvent.setup();
    renderFaq();
    const artists = screen.getByRole('button', { name: /Artists/ });
    const question = FAQ_SECTIONS[1]?.entries[0]?.question ?? '';

    await user.click(artists);
    expect(artists.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(question)).toBeNull();
    // The other section is independent.
    expect(screen.getByRole('button', { name: /Listeners/ }).getAttribute('aria-expanded')).toBe('true');

    await user.click(artists);
    expect(artists.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(question)).toBeTruthy();
  });

  it('sets the tab title', () => {
    renderFaq();
    expect(document.title).toBe('Frequently Asked Questions · Klang');
  });
});

describe('FAQ links', () => {
  afterEach(cleanup);

  it('links the promise of no bots and no paid rankings to the published chart method', () => {
    renderFaq();
    const link = screen.getByRole('link', { name: /How the charts rank/ });
    expect(link.getAttribute('href')).toBe('/charts/method');
    expect(link.closest('dd')?.textContent).toMatch(/no bots and no paid rankings/);
  });
});
