import { describe, expect, it } from 'vitest';
import { chartFiguresText } from './chart-figures';

describe('chartFiguresText', () => {
  it('says the trusted share, how many listeners, the cautious share and the likes in all', () => {
    expect(chartFiguresText({ share: 0.625, listeners: 48, cautiousShare: 0.4844, likes: 1234 })).toEqual({
      cautious: '≥ 48%',
      share: '63%',
      listenerCount: '48',
      listeners: '48 blind listeners',
      likes: '1,234 likes in all',
      detail:
        '63% of 48 blind listeners liked it; ranked by the cautious share, at least 48%. 1,234 likes in all.',
    });
  });

  it('speaks of one listener and one like in the singular', () => {
    const text = chartFiguresText({ share: 1, listeners: 1, cautiousShare: 0.2065, likes: 1 });
    expect([text.listeners, text.likes]).toEqual(['1 blind listener', '1 like in all']);
  });
});
