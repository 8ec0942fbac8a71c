import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, KIT_MESSAGES, presetsResponseSchema } from '@klang/domain';
import { createLocalSoundFx } from '../../providers/sound-fx/local-sound-fx';
import { clientFor, cookieOf, logIn, signUp } from '../../test/accounts-helpers';
import { hashToken } from '../../plugins/session';
import { createTestApp, type TestApp } from '../../test/app';

const PRESETS = '/api/kit/soundlab/presets';

describe('SoundLab presets on the server', () => {
  let t: TestApp;
  let kick: string;
  let hat: string;
  beforeAll(async () => {
    t = await createTestApp();
    const engine = createLocalSoundFx();
    kick = (await engine.generate('short kick')).audio.toString('base64');
    hat = (await engine.generate('closed hat')).audio.toString('base64');
  });
  afterAll(async () => {
    await t.close();
  });

  async function proArtist() {
    const artist = await signUp(t.app, 'artist');
    await t.db.query(`update artist_profiles set subscription_tier = 'pro' where id = $1`, [artist.id]);
    const put = (preset: number | string, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `${PRESETS}/${preset}`,
        payload: payload as object,
        headers: { cookie: artist.cookie },
      });
    const list = async () => presetsResponseSchema.parse((await artist.get(PRESETS)).json()).presets;
    return { ...artist, put, list };
  }

  async function soundCount() {
    const rows = await t.db.query<{ n: number }>(
      `select count(*)::int as n from media_objects where bucket = 'soundlab'`,
    );
    return rows[0]?.n ?? 0;
  }

  it('keeps presets per user and preset, with playable sound URLs', async () => {
    const artist = await proArtist();
    const save = await artist.put(2, {
      name: 'night drums',
      pads: [
        { pad: 6, label: 'kick', sound: { mp3Base64: kick } },
        { pad: 7, label: 'hat', sound: { mp3Base64: hat } },
      ],
    });
    expect(save.statusCode).toBe(204);
    const [preset] = await artist.list();
    expect(preset).toMatchObject({ preset: 2, name: 'night drums' });
    expect(preset?.pads.map((p) => [p.pad, p.label])).toEqual([
      [6, 'kick'],
      [7, 'hat'],
    ]);
    const url = new URL(preset?.pads[0]?.soundUrl ?? '', 'http://localhost');
    const media = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(Buffer.from(kick, 'base64'))).toBe(true);

    const other = await proArtist();
    expect(await other.list()).toEqual([]);
  });

  it('keeps a saved sound on request and deletes sounds no pad uses', async () => {
    const artist = await proArtist();
    await artist.put(1, {
      name: 'drums',
      pads: [
        { pad: 6, label: 'kick', sound: { mp3Base64: kick } },
        { pad: 8, label: 'hat', sound: { mp3Base64: hat } },
      ],
    });
    const before = await soundCount();
    const res = await artist.put(1, {
      name: 'drums',
      pads: [
        { pad: 6, label: 'kick 2', sound: { keep: true } },
        { pad: 8, label: 'empty', sound: null },
      ],
    });
    expect(res.statusCode).toBe(204);
    expect(await soundCount()).toBe(before - 1);
    const [preset] = await artist.list();
    const kept = preset?.pads.find((p) => p.pad === 6);
    expect(kept?.label).toBe('kick 2');
    expect(kept?.soundUrl).toMatch(/^\/media\/soundlab\//);
    expect(preset?.pads.find((p) => p.pad === 8)?.soundUrl).toBeNull();
  });

  it('keeps each demo visitor’s presets to their session, and forgets them when it ends', async () => {
    const first = await signUp(t.app, 'artist', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      username: 'klangdemo',
    });
    await t.db.query(`update artist_profiles set subscription_tier = 'pro' where id = $1`, [first.id]);
    /** Another visitor of /demo-login: the same account, a session of their own, then the reset. */
    async function demoVisitor() {
      const login = await logIn(t.app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      expect(login.statusCode).toBe(200);
      const visitor = clientFor(t.app, cookieOf(login), first.id);
      expect(
        (await visitor.post('/functions/v1/clear-demo-interactions', { demoUserId: first.id })).statusCode,
      ).toBe(200);
      const put = (preset: number, payload: unknown) =>
        t.app.inject({
          method: 'PUT',
          url: `${PRESETS}/${preset}`,
          payload: payload as object,
          headers: { cookie: visitor.cookie },
        });
      const list = async () => presetsResponseSchema.parse((await visitor.get(PRESETS)).json()).presets;
      return { ...visitor, put, list };
    }
    const names = (presets: { name: string }[]) => presets.map((p) => p.name);
    const before = await soundCount();

    const a = await demoVisitor();
    const b = await demoVisitor();
    const pads = (sound: string) => [{ pad: 6, label: 'kick', sound: { mp3Base64: sound } }];
    expect((await a.put(1, { name: 'visitor a', pads: pads(kick) })).statusCode).toBe(204);
    expect(await b.list()).toEqual([]);
    expect((await b.put(1, { name: 'visitor b', pads: pads(hat) })).statusCode).toBe(204);
    expect(names(await a.list())).toEqual(['visitor a']);
    expect(names(await b.list())).toEqual(['visitor b']);

    // A third visitor's demo login wipes neither of the two sessions still open.
    const c = await demoVisitor();
    expect(await c.list()).toEqual([]);
    expect(names(await a.list())).toEqual(['visitor a']);
    expect(await soundCount()).toBe(before + 2);

    // A signs out, B's session expires: the next demo login forgets both, files and all.
    expect((await a.post('/api/accounts/logout')).statusCode).toBe(204);
    await t.db.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [
      hashToken(b.cookie.slice(b.cookie.indexOf('=') + 1)),
    ]);
    await demoVisitor();
    expect(await soundCount()).toBe(before);
    const left = await t.db.query<{ n: number }>(
      'select count(*)::int as n from soundlab_presets where user_id = $1',
      [first.id],
    );
    expect(left[0]?.n).toBe(0);
    if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
    const files = await readdir(path.join(t.config.storage.dir, 'soundlab'), { recursive: true }).catch(
      () => [],
    );
    const rows = await t.db.query<{ n: number }>(
      "select count(*)::int as n from media_objects where bucket = 'soundlab'",
    );
    expect(files.filter((f) => f.endsWith('.mp3'))).toHaveLength(rows[0]?.n ?? -1);
  });

  it("refuses a preset without sounds, with the spec's message", async () => {
    const artist = await proArtist();
    const res = await artist.put(3, { name: 'preset 3', pads: [{ pad: 6, label: 'empty', sound: null }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: KIT_MESSAGES.noSoundsToSave } });
    expect(await artist.list()).toEqual([]);
  });

  it('refuses bytes that are not an MP3, a control pad, a fifth preset; and stores nothing', async () => {
    const artist = await proArtist();
    const before = await soundCount();
    const fake = Buffer.from('this is not audio at all, just text pretending').toString('base64');
    const notAudio = await artist.put(1, {
      name: 'x',
      pads: [{ pad: 6, label: 'x', sound: { mp3Base64: fake } }],
    });
    expect(notAudio.statusCode).toBe(415);
    expect(notAudio.json()).toMatchObject({ error: { message: KIT_MESSAGES.failedToSavePreset } });
    const control = await artist.put(1, {
      name: 'x',
      pads: [{ pad: 10, label: 'x', sound: { mp3Base64: kick } }],
    });
    expect(control.statusCode).toBe(400);
    // Presets are 1 to 4, spelled as such: no other number, however the path writes it.
    for (const preset of [5, 0, -1, '01', '1.0', '1e0', '0x1', 'drums']) {
      expect(
        (await artist.put(preset, { name: 'x', pads: [{ pad: 6, label: 'x', sound: { mp3Base64: kick } }] }))
          .statusCode,
        `preset ${String(preset)}`,
      ).toBe(400);
    }
    expect(await soundCount()).toBe(before);
    expect(await artist.list()).toEqual([]);
  });

  it('refuses free artists and listeners', async () => {
    const artist = await signUp(t.app, 'artist');
    const res = await t.app.inject({
      method: 'PUT',
      url: `${PRESETS}/1`,
      payload: { name: 'x', pads: [{ pad: 6, label: 'x', sound: { mp3Base64: kick } }] },
      headers: { cookie: artist.cookie },
    });
    expect(res.statusCode).toBe(403);
    const listener = await signUp(t.app, 'listener');
    expect((await listener.get(PRESETS)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: PRESETS })).statusCode).toBe(401);
  });
});
