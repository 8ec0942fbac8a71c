import { describe, expect, it } from 'vitest';
import { formatInterval, formatProbability, versionLabel } from './ab-test-format';

describe('A/B test formats', () => {
  it('shows a probability with one decimal, and never a certainty at either end', () => {
    expect(formatProbability(0.873)).toBe('87.3%');
    expect(formatProbability(0.5)).toBe('50.0%');
    expect(formatProbability(0.9871)).toBe('98.7%');
    expect(formatProbability(0.9996)).toBe('over 99.9%');
    expect(formatProbability(1)).toBe('over 99.9%');
    expect(formatProbability(0.0004)).toBe('under 0.1%');
  });

  it('writes an interval as one range, and a version with its length where known', () => {
    expect(formatInterval({ low: 0.262, high: 0.548 })).toBe('26–55%');
    expect(versionLabel({ title: 'Intro cut', durationMs: 65_000 })).toBe('Intro cut · 1:05');
    expect(versionLabel({ title: 'Remaster', durationMs: null })).toBe('Remaster');
  });
});
