import type { ChartFigures } from '@klang/domain';

const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-GB');

/**
 * A revealed chart row's figures in words (product-decisions.md Charts, decision 0257): first the
 * cautious share the rows are ordered by, so the big numbers read in the rows' order (a plain
 * share can be higher from fewer listeners and sit lower), then the share of its trusted blind
 * listeners who liked it and how many they were, and, as the row's detail, the likes in all.
 */
export function chartFiguresText(figures: ChartFigures) {
  const listeners = `${count.format(figures.listeners)} blind ${figures.listeners === 1 ? 'listener' : 'listeners'}`;
  const likes = `${count.format(figures.likes)} ${figures.likes === 1 ? 'like' : 'likes'} in all`;
  return {
    cautious: `≥ ${percent.format(figures.cautiousShare)}`,
    share: percent.format(figures.share),
    listenerCount: count.format(figures.listeners),
    listeners,
    likes,
    /** The whole sentence: the row's tooltip and what a screen reader says. */
    detail: `${percent.format(figures.share)} of ${listeners} liked it; ranked by the cautious share, at least ${percent.format(figures.cautiousShare)}. ${likes}.`,
  };
}
