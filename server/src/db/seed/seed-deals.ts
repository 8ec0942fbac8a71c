import type { SeedCatalogue, SeedTrack } from './catalogue';
import { createRng, type Rng } from '../../lib/random';
import { xpOf, type PlannedInteraction, type SeedPlan } from './seed-plan';

/**
 * The listening events behind the seed's verdicts (issue 19 item 6): where each deal ended and,
 * for a like, how long was heard before it, plus three accounts that like the way the chart's
 * trust weights discount (decision 0196), so a fresh start shows a living chart, a method page
 * with discounted likes and an artist dashboard with skip curves. Drawn from generators of their
 * own: the rest of the seed (planSeed) is exactly what it was without them.
 */

/** A listener who likes the way the trust weights discount. No avatar: nobody made them one. */
export interface QuickListener {
  key: string;
  username: string;
  email: string;
  /** How old the account is; its ratings are drawn within that time. */
  ageHours: number;
  style: 'like-everything' | 'too-quick' | 'new-account';
}

export const QUICK_LISTENERS: readonly QuickListener[] = [
  // Likes all but one of 50+ tracks in a month: over 95 %, so every rating counts less.
  {
    key: 'loopfeed',
    username: 'loopfeed',
    email: 'loopfeed@listeners.klang.test',
    ageHours: 80 * 24,
    style: 'like-everything',
  },
  // Likes within a few seconds of the first beat: each such like counts for what was heard.
  {
    key: 'tapdancer',
    username: 'tapdancer',
    email: 'tapdancer@listeners.klang.test',
    ageHours: 45 * 24,
    style: 'too-quick',
  },
  // Signed up this morning and liked straight away: nothing counts on the first day.
  {
    key: 'firstnight',
    username: 'firstnight',
    email: 'firstnight@listeners.klang.test',
    ageHours: 10,
    style: 'new-account',
  },
];

/**
 * The quick listeners' plays and ratings, and their loyalty as the app would have awarded it.
 * Added to the plan after planSeed, so every counter still equals its rows.
 */
export function planQuickListeners(
  catalogue: SeedCatalogue,
): Pick<SeedPlan, 'interactions' | 'plays' | 'users'> {
  const interactions: PlannedInteraction[] = [];
  const plays: SeedPlan['plays'] = [];
  const users: SeedPlan['users'] = new Map();
  for (const who of QUICK_LISTENERS) {
    const rng = createRng(`klang-seed-quick:${who.key}`);
    const maxDays = Math.floor(who.ageHours / 24);
    const rate = (track: SeedTrack, liked: boolean) => {
      // No listening minutes for the new account: the seed dates listening awards a day back,
      // before this account existed.
      const minutes = who.style === 'new-account' ? 0 : 1;
      plays.push({ userKey: who.key, trackKey: track.key, plays: 1, minutes });
      interactions.push({
        userKey: who.key,
        trackKey: track.key,
        type: liked ? 'like' : 'dislike',
        addedToLibrary: false,
        daysAgo: Math.floor(rng.next() * (Math.min(maxDays, 25, track.uploadedDaysAgo) + 1)),
      });
    };
    if (who.style === 'like-everything') {
      const skipped = rng.int(0, catalogue.tracks.length - 1);
      catalogue.tracks.forEach((track, index) => {
        rate(track, index !== skipped);
      });
    } else {
      const count = who.style === 'too-quick' ? 20 : 8;
      const featured = catalogue.tracks.filter((t) => t.featured);
      const pool = featured.length >= count ? featured : catalogue.tracks;
      for (const track of shuffled(pool, rng).slice(0, count)) rate(track, rng.chance(0.7));
    }
    users.set(who.key, xpOf(who.key, interactions, plays, Math.min(maxDays, 12)));
  }
  return { interactions, plays, users };
}

/** Where one deal ended, and for a like what was heard first (both in ms). */
export interface DealTiming {
  endPositionMs: number;
  listenedBeforeLikeMs: number | null;
}

/**
 * Draws where a deal ended, from a generator of that deal's own (so adding a listener or a track
 * changes no other deal): most skips within the first seconds, some in the middle, a few near
 * the end; most likes after 15 s to a minute; a deal left unrated somewhere past the intro.
 * `quick` is the listener's style, if any. Positions never pass the track's length.
 */
export function dealTiming(
  userKey: string,
  trackKey: string,
  endedAs: 'like' | 'skip' | 'left',
  durationMs: number,
  style?: QuickListener['style'],
): DealTiming {
  const rng = createRng(`klang-seed-deal:${userKey}:${trackKey}`);
  const cap = (ms: number) => Math.max(0, Math.min(durationMs, Math.round(ms)));
  if (endedAs === 'like') {
    let heard: number;
    if (style === 'too-quick') heard = rng.range(1_500, 7_000);
    else if (style === 'like-everything') heard = rng.range(10_500, 22_000);
    else if (rng.chance(0.06)) heard = rng.range(5_000, 10_000);
    else heard = 12_000 + (durationMs * 0.85 - 12_000) * rng.next() ** 1.4;
    const position = cap(heard);
    return { endPositionMs: position, listenedBeforeLikeMs: position };
  }
  if (endedAs === 'skip') {
    const roll = rng.next();
    const at =
      style === 'too-quick'
        ? rng.range(800, 4_000)
        : roll < 0.55
          ? rng.range(1_500, 12_000)
          : roll < 0.85
            ? rng.range(12_000, Math.max(12_000, durationMs * 0.5))
            : rng.range(durationMs * 0.5, durationMs * 0.95);
    return { endPositionMs: cap(at), listenedBeforeLikeMs: null };
  }
  return { endPositionMs: cap(rng.range(durationMs * 0.2, durationMs)), listenedBeforeLikeMs: null };
}

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
