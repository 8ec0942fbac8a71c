import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerMarkdown } from './answer-markdown';

describe('AnswerMarkdown', () => {
  afterEach(cleanup);

  it('shows the steps of an answer as a numbered list, with bold', () => {
    const { container } = render(
      <AnswerMarkdown text={'Here is how:\n\n1. Cut the mud.\n2. Compress **gently**.\n\nThen listen.'} />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Cut the mud.', 'Compress gently.']);
    expect(container.querySelector('ol')).not.toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('gently');
  });

  it('never renders raw HTML, scripts or images from an answer', () => {
    const { container } = render(
      <AnswerMarkdown
        text={
          'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n![pic](https://e.com/x.png)\n\n# Big'
        }
      />,
    );
    expect(container.querySelector('img, script, h1, [onerror]')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.textContent).toContain('Big');
  });

  it('keeps http links, opening safely, and drops javascript: ones', () => {
    render(
      <AnswerMarkdown text={'[safe](https://open.spotify.com/search/x) and [bad](javascript:alert(1))'} />,
    );
    const safe = screen.getByRole('link', { name: 'safe' });
    expect(safe.getAttribute('href')).toBe('https://open.spotify.com/search/x');
    expect(safe.getAttribute('rel')).toBe('noopener noreferrer');
    const bad = screen.queryByRole('link', { name: 'bad' });
    expect(bad?.getAttribute('href') ?? '').toBe('');
  });
});
