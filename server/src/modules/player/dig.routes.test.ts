import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextTrackResponseSchema, PLAYER_MESSAGES, SOUND_MESSAGES } from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { dealTrack, insertAccount, insertTrack } from '../../test/catalogue-fixtures';

/**
 * Blind digging (issue 28, decision 0266): the deck deals only tracks matching the listener's
 * filters, by the fair rules among them, and says so when none is left, with nothing that names
 * or counts a track.
 */
let t: TestApp;
const ids: Record<string, string> = {};

interface Sound {
  genre: string;
  bpm: number;
  bpmConfidence: number;
  key: string;
  keyConfidence: number;
  energy: number;
  bpmArtist?: number;
  keyArtist?: string;
}

const DECK: Record<string, Sound> = {
  a: { genre: 'House / Tech House', bpm: 124, bpmConfidence: 0.6, key: '8A', keyConfidence: 0.7, energy: 80 },
  b: { genre: 'House / Tech House', bpm: 128, bpmConfidence: 0.6, key: '9A', keyConfidence: 0.7, energy: 50 },
  c: { genre: 'Drum n Bass', bpm: 174, bpmConfidence: 0.6, key: '3B', keyConfidence: 0.7, energy: 10 },
  // What noise earns: no effective tempo or key.
  noise: {
    genre: 'House / Tech House',
    bpm: 124,
    bpmConfidence: 0.1,
    key: '8A',
    keyConfidence: 0.2,
    energy: 40,
  },
  // The artist's tempo and key win over the measurement.
  corrected: {
    genre: 'House / Tech House',
    bpm: 100,
    bpmConfidence: 0.6,
    key: '8A',
    keyConfidence: 0.7,
    energy: 20,
    bpmArtist: 126,
    keyArtist: '2B',
  },
};

beforeAll(async () => {
  t = await createTestApp();
  const artistId = await insertAccount(t.db, 'artist');
  for (const [name, s] of Object.entries(DECK)) {
    const id = await insertTrack(t.db, artistId, { genre: s.genre });
    await t.db.query(
      `update tracks set bpm = $2, bpm_confidence = $3, key_camelot = $4, key_confidence = $5,
         energy_percentile = $6, bpm_artist = $7, key_artist = $8, sound_measured_at = now() where id = $1`,
      [
        id,
        s.bpm,
        s.bpmConfidence,
        s.key,
        s.keyConfidence,
        s.energy,
        s.bpmArtist ?? null,
        s.keyArtist ?? null,
      ],
    );
    ids[name] = id;
  }
});

afterAll(async () => {
  await t.close();
});

const nameOf = async (alias: string): Promise<string> => {
  const [row] = await t.db.query<{ track_id: string }>('select track_id from deals where id = $1', [alias]);
  return Object.entries(ids).find(([, id]) => id === row?.track_id)?.[0] ?? 'unknown';
};

const dealsOf = async (userId: string) =>
  (await t.db.query('select 1 from deals where user_id = $1', [userId])).length;

/**
 * Every track a fresh listener is dealt under `query` in up to 12 deals; each excludes the one
 * before, so a filter matching one track says 'filter-empty' on the second.
 */
async function dealtUnder(query: string): Promise<string[]> {
  const listener = await signUp(t.app);
  const dealt = new Set<string>();
  let current: string | null = null;
  for (let i = 0; i < 12; i++) {
    const res = await listener.get(`/api/player/next?${query}${current ? `&current=${current}` : ''}`);
    expect(res.statusCode).toBe(200);
    const next = nextTrackResponseSchema.parse(res.json());
    if (next.state !== 'track') {
      expect(next.state).toBe(dealt.size === 1 ? 'filter-empty' : 'track');
      break;
    }
    current = next.track.id;
    dealt.add(await nameOf(current));
  }
  return [...dealt].sort();
}

describe('the deck dug by tempo, key, energy and genre', () => {
  it('deals only the matching tracks, by the effective tempo and key', async () => {
    expect(await dealtUnder('bpmMin=120&bpmMax=125')).toEqual(['a']);
    expect(await dealtUnder('bpmMin=125.5&bpmMax=130')).toEqual(['b', 'corrected']);
    // Double of 60–64 is 120–128: a at 124, b at 128, corrected at 126.
    expect(await dealtUnder('bpmMin=60&bpmMax=64&halfDouble=true')).toEqual(['a', 'b', 'corrected']);
    expect(await dealtUnder('bpmMin=61&bpmMax=62.5&halfDouble=true')).toEqual(['a']);
    expect(await dealtUnder('bpmMin=84&bpmMax=90&halfDouble=true')).toEqual(['c']);
    expect(await dealtUnder('key=8A')).toEqual(['a', 'b']);
    expect(await dealtUnder('key=2b')).toEqual(['c', 'corrected']);
    expect(await dealtUnder('energy=high')).toEqual(['a']);
    expect(await dealtUnder('energy=low')).toEqual(['c', 'corrected']);
    expect(await dealtUnder('genre=Drum%20n%20Bass')).toEqual(['c']);
    expect(await dealtUnder('genre=House%20%2F%20Tech%20House&key=9A&energy=mid')).toEqual(['b']);
  });

  it('says a filter left nothing, without dealing, and with nothing else in the answer', async () => {
    const listener = await signUp(t.app);
    for (const query of [
      'bpmMin=172&bpmMax=176&genre=House%20%2F%20Tech%20House',
      'bpmMin=60&bpmMax=64',
      'key=5B',
    ]) {
      const res = await listener.get(`/api/player/next?${query}`);
      expect([query, res.statusCode, res.json()]).toEqual([query, 200, { state: 'filter-empty' }]);
    }
    expect(await dealsOf(listener.id)).toBe(0);
  });

  it('judges equal first listens among the tracks the filter leaves', async () => {
    await t.db.query('update deck_exposure set deal_count = 0 where track_id = any ($1::uuid[])', [
      Object.values(ids),
    ]);
    await t.db.query('update deck_exposure set deal_count = 5 where track_id = $1', [ids.a]);
    await t.db.query('update deck_exposure set deal_count = 7 where track_id = $1', [ids.b]);
    const listener = await signUp(t.app);
    const res = await listener.get('/api/player/next?key=8A');
    const next = nextTrackResponseSchema.parse(res.json());
    expect(next.state).toBe('track');
    if (next.state === 'track') {
      expect(await nameOf(next.track.id)).toBe('a');
      expect(Object.keys(res.json<{ track: object }>().track).sort()).toEqual(['durationMs', 'id']);
    }
  });

  it('refuses a bad filter with its message, and deals nothing', async () => {
    const listener = await signUp(t.app);
    const refused: [string, string][] = [
      ['bpmMin=130&bpmMax=120', SOUND_MESSAGES.bpmRangeReversed],
      ['bpmMin=39', SOUND_MESSAGES.bpmInvalid],
      ['bpmMax=221', SOUND_MESSAGES.bpmInvalid],
      ['bpmMin=fast', SOUND_MESSAGES.bpmInvalid],
      ['key=13A', SOUND_MESSAGES.keyInvalid],
      ['key=8C', SOUND_MESSAGES.keyInvalid],
      ['energy=loud', SOUND_MESSAGES.energyInvalid],
      ['genre=Jazz', SOUND_MESSAGES.genreInvalid],
      ['bpmMin=120&halfDouble=maybe', SOUND_MESSAGES.halfDoubleInvalid],
    ];
    for (const [query, message] of refused) {
      const res = await listener.get(`/api/player/next?${query}`);
      expect([query, res.statusCode, res.json<{ error: { message: string } }>().error.message]).toEqual([
        query,
        400,
        message,
      ]);
    }
    expect(await dealsOf(listener.id)).toBe(0);
  });
});

describe('mix mode', () => {
  it('deals only tracks within 6 % of the mixed track, half or double, in a compatible key', async () => {
    const listener: Client = await signUp(t.app);
    const alias = await dealTrack(t.db, listener.id, ids.a ?? '');
    const dealt = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const next = nextTrackResponseSchema.parse(
        (await listener.get(`/api/player/next?current=${alias}&mixWith=${alias}`)).json(),
      );
      if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
      dealt.add(await nameOf(next.track.id));
    }
    // corrected (126 BPM) is in tempo but in 2B; noise has neither; c is far in both.
    expect([...dealt]).toEqual(['b']);
  });

  it("answers another listener's alias as an unknown one, and deals nothing", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const alias = await dealTrack(t.db, owner.id, ids.a ?? '');
    const answer = async (mixWith: string) => {
      const res = await stranger.get(`/api/player/next?mixWith=${mixWith}`);
      const { code, message } = res.json<{ error: { code: string; message: string } }>().error;
      return [res.statusCode, code, message];
    };
    expect(await answer(alias)).toEqual([404, 'NOT_FOUND', PLAYER_MESSAGES.trackUnavailable]);
    expect(await answer(alias)).toEqual(await answer(crypto.randomUUID()));
    expect(await dealsOf(stranger.id)).toBe(0);
  });
});
