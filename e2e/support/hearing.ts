import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { APIRequestContext } from '@playwright/test';
import {
  accountsEndpoints,
  artistTracksResponseSchema,
  emailEndpoints,
  fillPath,
  hooksEndpoints,
  nextTrackResponseSchema,
  playerEndpoints,
  trackHooksSchema,
  tracksEndpoints,
  type TrackHooks,
} from '@klang/domain';
import { callEntry } from './contract';
import { expect } from './fixtures';

/**
 * What the journeys about an artist's track and its blind listeners share (hook analytics, Blind
 * Notes): a real track to upload, accounts the verdict trusts, and a deck emptied of all else.
 */

/** A real MP3 of a sine (20 seconds unless told) for the artist to upload. */
export function mp3(seconds = 20): Buffer {
  const result = spawnSync(
    ffmpeg.path,
    [
      ...[
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=330:duration=${String(seconds)}`,
      ],
      ...['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', 'pipe:1'],
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return result.stdout;
}

export function unique(tag: string): string {
  return `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 24);
}

/**
 * Signs up an artist, or a listener who confirms their email: the floor of five counts only
 * listeners the verdict trusts (decisions 0255, 0257).
 */
export async function signUp(request: APIRequestContext, kind: 'artist' | 'listener', name: string) {
  const signup = kind === 'artist' ? accountsEndpoints.signupArtist : accountsEndpoints.signupListener;
  const res = await request.fetch(signup.path, {
    method: signup.method,
    data: {
      username: name,
      email: `${name}@example.com`,
      password: 'secret-pass',
      ...(kind === 'artist' && { artistName: `Artist ${name}`, bio: 'Hooks first' }),
    },
  });
  expect(res.status()).toBe(201);
  if (kind === 'listener') await confirmEmail(request, `${name}@example.com`);
}

/** Follows the verification link the mailbox holds for `email`, as the listener would. */
async function confirmEmail(request: APIRequestContext, email: string) {
  const { mailboxEmails } = emailEndpoints;
  const emails = (await (
    await request.fetch(`${mailboxEmails.path}?limit=50`, { method: mailboxEmails.method })
  ).json()) as { to: string; template: string; text: string }[];
  const mail = emails.find((e) => e.to === email && e.template === 'verify-email');
  const token = /\/verify-email#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification email for ${email}`);
  expect((await callEntry(request, accountsEndpoints.verifyEmail, { data: { token } })).ok()).toBe(true);
}

export function listTracks(request: APIRequestContext) {
  const { method, path } = tracksEndpoints.listTracks;
  return request.fetch(fillPath(path, {}), { method });
}

/**
 * Uploads `mp3()` as the signed-in artist's track and waits for it to be ready; resolves to its
 * id. A spec run alone starts while the first start's seed jobs are still queued ahead of it,
 * hence the long wait.
 */
export async function uploadReadyTrack(
  request: APIRequestContext,
  title: string,
  genre: string,
  seconds = 20,
): Promise<string> {
  const { uploadTrack } = tracksEndpoints;
  const query = new URLSearchParams({ title, genre });
  const upload = await request.fetch(`${fillPath(uploadTrack.path, {})}?${query.toString()}`, {
    method: uploadTrack.method,
    headers: { 'content-type': 'application/octet-stream' },
    data: mp3(seconds),
  });
  expect(upload.status()).toBe(201);
  const newest = async () =>
    artistTracksResponseSchema.parse(await (await listTracks(request)).json()).tracks[0];
  await expect.poll(async () => (await newest())?.status, { timeout: 180_000 }).toBe('ready');
  return (await newest())?.id ?? '';
}

/** The artist's hook analytics of their track, as the Hooks tab reads them. */
export async function readHooks(request: APIRequestContext, trackId: string): Promise<TrackHooks> {
  return trackHooksSchema.parse(
    await (await callEntry(request, hooksEndpoints.trackHooks, { params: { trackId } })).json(),
  );
}

export async function setFeatured(request: APIRequestContext, trackId: string, featured: boolean) {
  const { method, path } = tracksEndpoints.setTrackFeatured;
  expect((await request.fetch(fillPath(path, { trackId }), { method, data: { featured } })).ok()).toBe(true);
}

/** Deals, serves and likes every featured track until the deck is empty for this listener. */
export async function likeAll(request: APIRequestContext) {
  for (let i = 0; i < 500; i++) {
    const next = nextTrackResponseSchema.parse(
      await (await callEntry(request, playerEndpoints.nextTrack)).json(),
    );
    if (next.state !== 'track') return;
    const alias = next.track.id;
    expect(
      (await callEntry(request, playerEndpoints.secureTrackAccess, { data: { trackId: alias } })).ok(),
    ).toBe(true);
    expect(
      (
        await callEntry(request, playerEndpoints.likeTrack, {
          params: { trackId: alias },
          data: { addToLibrary: false },
        })
      ).ok(),
    ).toBe(true);
  }
  throw new Error('the catalogue never ran out');
}
