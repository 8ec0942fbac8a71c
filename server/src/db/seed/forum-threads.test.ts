import { describe, expect, it } from 'vitest';
import { SEED_CATALOGUE } from './catalogue';
import { DEMO_ARTIST } from './demo-account';
import { FORUM_CATEGORIES } from './forum-categories';
import { SEED_FORUM_THREADS } from './forum-threads';

const people = new Set([...SEED_CATALOGUE.artists, ...SEED_CATALOGUE.listeners].map((p) => p.key));
const categories = new Set<string>(FORUM_CATEGORIES.map((c) => c.name));

describe('the seeded forum threads', () => {
  it('are written by seeded people (never the demo account) in existing categories', () => {
    for (const thread of SEED_FORUM_THREADS) {
      expect(categories).toContain(thread.category);
      for (const key of [
        thread.authorKey,
        ...thread.upvoters,
        ...(thread.downvoters ?? []),
        ...thread.replies.map((r) => r.authorKey),
      ]) {
        expect(people).toContain(key);
        expect(key).not.toBe(DEMO_ARTIST.key);
      }
    }
  });

  it('fit the forum rules: titles and texts within limits, one vote per person, unique keys', () => {
    const keys = SEED_FORUM_THREADS.flatMap((t) => [t.key, ...t.replies.map((r) => r.key)]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const thread of SEED_FORUM_THREADS) {
      expect(thread.title.trim().length).toBeGreaterThan(0);
      expect(thread.title.length).toBeLessThanOrEqual(200);
      expect(thread.content.trim().length).toBeGreaterThan(0);
      const voters = [...thread.upvoters, ...(thread.downvoters ?? [])];
      expect(new Set(voters).size).toBe(voters.length);
      expect(voters).not.toContain(thread.authorKey);
    }
  });

  it('answer in order: a reply comes after its post, before now, and after the reply it answers', () => {
    for (const thread of SEED_FORUM_THREADS) {
      const at = new Map(thread.replies.map((r) => [r.key, r.hoursAfter]));
      for (const reply of thread.replies) {
        expect(reply.hoursAfter).toBeGreaterThan(0);
        expect(reply.hoursAfter).toBeLessThan(thread.daysAgo * 24);
        if (reply.parentKey) expect(at.get(reply.parentKey)).toBeLessThan(reply.hoursAfter);
      }
    }
  });
});
