import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

describe('formatRelativeTime (spec 002 §9)', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('steps from just now to minutes, hours and days at the spec thresholds', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('Just now');
    expect(formatRelativeTime(ago(59_999), now)).toBe('Just now');
    expect(formatRelativeTime(ago(60_000), now)).toBe('1m ago');
    expect(formatRelativeTime(ago(59 * 60_000 + 59_000), now)).toBe('59m ago');
    expect(formatRelativeTime(ago(3_600_000), now)).toBe('1h ago');
    expect(formatRelativeTime(ago(23 * 3_600_000 + 3_599_000), now)).toBe('23h ago');
    expect(formatRelativeTime(ago(86_400_000), now)).toBe('1d ago');
    expect(formatRelativeTime(ago(6 * 86_400_000 + 86_399_000), now)).toBe('6d ago');
  });

  it('gives the local date from a week on, as the app writes dates, and treats a clock skewed ahead as just now', () => {
    const old = ago(7 * 86_400_000);
    expect(formatRelativeTime(old, now)).toBe(
      new Date(old).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
    );
    expect(formatRelativeTime(old, now)).toMatch(/^\d{1,2} March 2026$/);
    expect(formatRelativeTime(new Date(now + 5000).toISOString(), now)).toBe('Just now');
  });
});
