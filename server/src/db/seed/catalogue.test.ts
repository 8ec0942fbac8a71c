import { ACTIVE_CHART_GENRES, GENRE_NAMES, TIER_LIMITS } from '@klang/domain';
import { describe, expect, it } from 'vitest';
import { SEED_CATALOGUE } from './catalogue';

const { artists, tracks, listeners, demoTracks } = SEED_CATALOGUE;

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

describe('seed catalogue', () => {
  it('has enough artists, tracks, listeners and demo tracks', () => {
    expect(artists.length).toBeGreaterThanOrEqual(12);
    expect(tracks.length).toBeGreaterThanOrEqual(48);
    expect(listeners.length).toBeGreaterThanOrEqual(6);
    expect(listeners.length).toBeLessThanOrEqual(8);
    expect(demoTracks).toHaveLength(4);
  });

  it('gives every person a unique one-word username and the test e-mail domain', () => {
    const people = [...artists, ...listeners];
    const usernames = people.map((p) => p.username);
    expect(new Set(usernames).size).toBe(usernames.length);
    for (const person of people) expect(person.username).toMatch(/^[a-z0-9]{2,32}$/);
    for (const artist of artists) expect(artist.email).toBe(`${artist.username}@artists.klang.test`);
    for (const listener of listeners)
      expect(listener.email).toBe(`${listener.username}@listeners.klang.test`);
    for (const artist of artists) expect(artist.bio.length).toBeLessThanOrEqual(1000);
  });

  it('has several pro artists with unique custom URLs, one gold badge on a pro, one trial', () => {
    const pro = artists.filter((a) => a.tier === 'pro');
    expect(pro.length).toBeGreaterThanOrEqual(3);
    for (const artist of artists) {
      if (artist.tier === 'pro') expect(artist.artistUrl).toMatch(/^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/);
      else expect(artist.artistUrl).toBeNull();
    }
    const urls = pro.map((a) => a.artistUrl);
    expect(new Set(urls).size).toBe(urls.length);
    const gold = artists.filter((a) => a.goldBadge);
    expect(gold).toHaveLength(1);
    expect(gold[0]?.tier).toBe('pro');
    expect(artists.filter((a) => a.tier === 'trial')).toHaveLength(1);
  });

  it('keeps every artist within the upload and featured limits of their tier', () => {
    for (const artist of artists) {
      const own = tracks.filter((t) => t.artistKey === artist.key);
      const limits = TIER_LIMITS[artist.tier];
      expect(own.length, artist.key).toBeGreaterThan(0);
      expect(own.length, artist.key).toBeLessThanOrEqual(limits.uploads);
      expect(own.filter((t) => t.featured).length, artist.key).toBeLessThanOrEqual(limits.featured);
    }
  });

  it('puts most tracks and at least 20 featured ones in the active chart genres', () => {
    const active = tracks.filter((t) => (ACTIVE_CHART_GENRES as readonly string[]).includes(t.genre));
    expect(active.length).toBeGreaterThan(tracks.length / 2);
    expect(active.filter((t) => t.featured).length).toBeGreaterThanOrEqual(20);
    const genres = countBy(tracks, (t) => t.genre);
    for (const genre of ['Drum n Bass', 'Techno', 'UK Garage'])
      expect(genres.get(genre) ?? 0).toBeGreaterThan(0);
    for (const track of tracks) expect(GENRE_NAMES).toContain(track.genre);
  });

  it('gives each track a known artist, a unique key, a label and sane listing data', () => {
    const artistKeys = new Set(artists.map((a) => a.key));
    const keys = [...tracks, ...demoTracks].map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const track of tracks) {
      expect(artistKeys.has(track.artistKey), track.key).toBe(true);
      expect(track.title.trim().length).toBeGreaterThan(0);
      expect(track.label.trim().length).toBeGreaterThan(0);
      expect(track.uploadedDaysAgo).toBeGreaterThanOrEqual(0);
      expect(track.uploadedDaysAgo).toBeLessThanOrEqual(120);
    }
    for (const demo of demoTracks) expect(artistKeys.has(demo.artistKey)).toBe(true);
  });

  it('gives tracks 30-90 s and demo tracks 30-45 s of music at genre-typical tempos', () => {
    const tempo: Record<string, [number, number]> = {
      'Minimal / Deep Tech': [120, 127],
      'House / Tech House': [118, 128],
      'Drum n Bass': [168, 176],
      Techno: [128, 140],
      'UK Garage': [128, 136],
    };
    for (const track of [...tracks, ...demoTracks]) {
      const [low, high] = tempo[track.genre] ?? [0, 0];
      expect(track.music.bpm, track.key).toBeGreaterThanOrEqual(low);
      expect(track.music.bpm, track.key).toBeLessThanOrEqual(high);
      expect(track.music.seed).toBe(track.key);
    }
    for (const track of tracks) {
      expect(track.music.durationSeconds).toBeGreaterThanOrEqual(30);
      expect(track.music.durationSeconds).toBeLessThanOrEqual(90);
    }
    for (const demo of demoTracks) {
      expect(demo.music.durationSeconds).toBeGreaterThanOrEqual(30);
      expect(demo.music.durationSeconds).toBeLessThanOrEqual(45);
    }
  });

  it('never pairs silent chords with a silent lead, so every breakdown has music', () => {
    for (const track of [...tracks, ...demoTracks]) {
      expect(track.music.chords.sound !== 'none' || track.music.lead.sound !== 'none', track.key).toBe(true);
    }
  });

  it('varies the music: no two tracks share the same recipe', () => {
    const recipes = tracks.map((t) =>
      [
        t.music.bpm,
        t.music.key,
        t.music.scale,
        t.music.bass.sound,
        t.music.chords.sound,
        t.music.lead.sound,
      ].join('|'),
    );
    expect(new Set(recipes).size).toBe(recipes.length);
  });
});
