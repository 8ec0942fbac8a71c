import { loyaltyTierFor, POINTS } from '@klang/domain';
import type { SeedCatalogue, SeedTrack } from './catalogue';
import { createRng, type Rng } from '../../lib/random';

/**
 * Who heard, liked, skipped, saved and followed what in the seed, drawn once from a fixed seed so
 * every fresh data directory gets the same charts. Pure: ids and timestamps are the caller's.
 */
export interface SeedPlan {
  interactions: PlannedInteraction[];
  /** Every (user, track) the user was served, with how many times they played it. */
  plays: { userKey: string; trackKey: string; plays: number; minutes: number }[];
  follows: { userKey: string; artistKey: string; daysAgo: number }[];
  users: Map<string, PlannedUserXp>;
}

export interface PlannedInteraction {
  userKey: string;
  trackKey: string;
  type: 'like' | 'dislike';
  addedToLibrary: boolean;
  daysAgo: number;
}

export interface PlannedUserXp {
  swipes: number;
  likes: number;
  dislikes: number;
  addedToLibrary: number;
  listeningMinutes: number;
  dailyLogins: number;
  totalPoints: number;
  tier: ReturnType<typeof loyaltyTierFor>;
}

/** Extra listening for the first few users, so the loyalty card shows more than one tier. */
const DEVOTED_LISTENING_MINUTES = [700, 90, 85];

export function planSeed(catalogue: SeedCatalogue, demoArtistKey: string): SeedPlan {
  const rng = createRng('klang-seed-plan');
  // The demo account's tracks have an audience too (its dashboard and chart places are what a
  // visitor exploring the artist side sees), drawn from a generator of their own so that the
  // demo's tracks can change without reshuffling everyone else's charts.
  const demoRng = createRng('klang-seed-plan-demo');
  const drawFor = (artistKey: string) => (artistKey === demoArtistKey ? demoRng : rng);
  const appeal = new Map(catalogue.tracks.map((t) => [t.key, 0.08 + drawFor(t.artistKey).next() * 0.85]));
  const users = [...catalogue.listeners.map((l) => l.key), ...catalogue.artists.map((a) => a.key)];

  const interactions: PlannedInteraction[] = [];
  const plays: SeedPlan['plays'] = [];
  const hear = (userKey: string, track: SeedTrack, draw: Rng) => {
    // Featured tracks reach listeners through Discover; the rest through charts and artist pages.
    if (draw.next() > (track.featured ? 0.75 : 0.3)) return;
    const daysAgo = Math.floor(draw.next() * (track.uploadedDaysAgo + 1));
    const minutes = 1 + Math.floor(draw.next() * 3);
    plays.push({ userKey, trackKey: track.key, plays: 1 + Math.floor(draw.next() * 4), minutes });
    const liked = draw.next() < (appeal.get(track.key) ?? 0.5);
    if (liked) {
      interactions.push({
        userKey,
        trackKey: track.key,
        type: 'like',
        addedToLibrary: draw.next() < 0.45,
        daysAgo,
      });
    } else if (draw.next() < 0.6) {
      interactions.push({ userKey, trackKey: track.key, type: 'dislike', addedToLibrary: false, daysAgo });
    }
  };
  for (const userKey of users) {
    for (const track of catalogue.tracks) {
      if (track.artistKey === userKey) continue;
      hear(userKey, track, drawFor(track.artistKey));
    }
  }

  const follows: SeedPlan['follows'] = [];
  const tracksByArtist = new Map<string, SeedTrack[]>();
  for (const t of catalogue.tracks)
    tracksByArtist.set(t.artistKey, [...(tracksByArtist.get(t.artistKey) ?? []), t]);
  for (const userKey of users) {
    for (const artist of catalogue.artists) {
      if (artist.key === userKey) continue;
      const draw = drawFor(artist.key);
      const artistTracks = new Set((tracksByArtist.get(artist.key) ?? []).map((t) => t.key));
      const likedHere = interactions.filter(
        (i) => i.userKey === userKey && i.type === 'like' && artistTracks.has(i.trackKey),
      ).length;
      if (likedHere >= 2 || (likedHere === 1 && draw.next() < 0.35)) {
        follows.push({ userKey, artistKey: artist.key, daysAgo: Math.floor(draw.next() * 60) });
      }
    }
  }

  const xp = new Map<string, PlannedUserXp>();
  users.forEach((userKey, index) => {
    const dailyLogins = 3 + Math.floor(rng.next() * 38);
    xp.set(userKey, xpOf(userKey, interactions, plays, dailyLogins, DEVOTED_LISTENING_MINUTES[index] ?? 0));
  });

  return { interactions, plays, follows, users: xp };
}

/**
 * A user's loyalty as their planned swipes, likes, library adds, listening and daily logins earn
 * it, point for point as the app awards them.
 */
export function xpOf(
  userKey: string,
  interactions: readonly PlannedInteraction[],
  plays: SeedPlan['plays'],
  dailyLogins: number,
  extraMinutes = 0,
): PlannedUserXp {
  const mine = interactions.filter((i) => i.userKey === userKey);
  const likes = mine.filter((i) => i.type === 'like').length;
  const dislikes = mine.length - likes;
  const addedToLibrary = mine.filter((i) => i.addedToLibrary).length;
  const listeningMinutes =
    plays.filter((p) => p.userKey === userKey).reduce((sum, p) => sum + p.minutes, 0) + extraMinutes;
  const totalPoints =
    mine.length * POINTS.swipe +
    likes * POINTS.like +
    addedToLibrary * POINTS.library +
    listeningMinutes * POINTS.listeningMinute +
    dailyLogins * POINTS.dailyLogin;
  return {
    swipes: mine.length,
    likes,
    dislikes,
    addedToLibrary,
    listeningMinutes,
    dailyLogins,
    totalPoints,
    tier: loyaltyTierFor(totalPoints),
  };
}
