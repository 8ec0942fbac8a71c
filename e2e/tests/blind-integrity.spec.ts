import type { APIRequestContext, Page } from '@playwright/test';
import {
  nextTrackResponseSchema,
  revealSchema,
  secureTrackAccessResponseSchema,
  playerEndpoints,
  catalogueEndpoints,
  loyaltyEndpoints,
} from '@klang/domain';
import { expect, test } from '../support/fixtures';
import { revealCard, signUpListener } from '../support/listener';
import { callEntry } from '../support/contract';

/**
 * The attacker's journey of issue 18 against the started server and its demo catalogue: two
 * listeners walk the whole deck as a script would and like everything. Nothing one of them held
 * before a like (deck id, media path, byte length) may show up for the other, or in any response
 * after that like; and the web player, driven by a person, still plays, likes and reveals.
 */
interface Held {
  alias: string;
  token: string;
  bytes: number;
  publicId: string;
}

interface Walk {
  held: Held[];
  /** Every response text in order; `likedAt[i]` is the index of held[i]'s like response. */
  seen: string[];
  likedAt: number[];
}

async function walkDeck(request: APIRequestContext): Promise<Walk> {
  const walk: Walk = { held: [], seen: [], likedAt: [] };
  const keep = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    walk.seen.push(`${await response.text()}\n${JSON.stringify(response.headers())}`);
    return response;
  };
  for (let i = 0; i < 400; i++) {
    const next = nextTrackResponseSchema.parse(
      await (await keep(await callEntry(request, playerEndpoints.nextTrack))).json(),
    );
    if (next.state !== 'track') {
      expect(next.state).toBe('all-liked');
      return walk;
    }
    const alias = next.track.id;
    expect(next.track.durationMs === null || next.track.durationMs % 1000 === 0).toBe(true);
    const grant = secureTrackAccessResponseSchema.parse(
      await (
        await keep(await callEntry(request, playerEndpoints.secureTrackAccess, { data: { trackId: alias } }))
      ).json(),
    );
    const url = grant.signedUrl ?? '';
    const first = await keep(await request.get(url, { headers: { range: 'bytes=0-0' } }));
    expect(first.status()).toBe(206);
    const bytes = Number(/\/(\d+)$/.exec(first.headers()['content-range'] ?? '')?.[1]);
    const like = await keep(
      await callEntry(request, playerEndpoints.likeTrack, {
        params: { trackId: alias },
        data: { addToLibrary: true },
      }),
    );
    expect(like.ok()).toBe(true);
    walk.likedAt.push(walk.seen.length - 1);
    const reveal = revealSchema.parse(await like.json());
    walk.held.push({
      alias,
      token: url.split('?')[0]?.split('/').at(-1) ?? '',
      bytes,
      publicId: reveal.track.id,
    });
  }
  throw new Error('the deck never ran out');
}

async function browseAfter(request: APIRequestContext, walk: Walk) {
  const reads = [
    catalogueEndpoints.chart,
    catalogueEndpoints.library,
    loyaltyEndpoints.loyaltyCard,
    catalogueEndpoints.followedArtists,
  ];
  for (const entry of reads) {
    const response = await callEntry(request, entry);
    walk.seen.push(`${await response.text()}\n${JSON.stringify(response.headers())}`);
  }
}

test('two listeners walk and like the whole deck and can link nothing', async ({ browser }) => {
  test.setTimeout(240_000);
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const pages: Page[] = await Promise.all(contexts.map((context) => context.newPage()));
  const [a, b] = await Promise.all(
    pages.map(async (page, i) => {
      await signUpListener(page, `walk${i}`);
      const walk = await walkDeck(page.request);
      await browseAfter(page.request, walk);
      return walk;
    }),
  );
  if (!a || !b) throw new Error('both walks ran');

  // The same catalogue, every track of it dealt to each.
  const tracksOf = (walk: Walk) => walk.held.map((h) => h.publicId).sort();
  expect(tracksOf(a).length).toBeGreaterThan(5);
  expect(tracksOf(a)).toEqual(tracksOf(b));

  const byTrack = new Map(b.held.map((h) => [h.publicId, h]));
  for (const mine of a.held) {
    const theirs = byTrack.get(mine.publicId);
    expect(theirs).toBeDefined();
    expect(mine.alias).not.toBe(theirs?.alias);
    expect(mine.alias).not.toBe(mine.publicId);
    expect(mine.token).not.toBe(theirs?.token);
    expect(mine.bytes).not.toBe(theirs?.bytes);
  }
  for (const [mine, theirs] of [
    [a, b],
    [b, a],
  ] as const) {
    const values = mine.held.flatMap((h) => [h.alias, h.token]);
    for (const text of theirs.seen) for (const value of values) expect(text).not.toContain(value);
    mine.held.forEach((h, i) => {
      for (const text of mine.seen.slice(mine.likedAt[i])) expect(text).not.toContain(h.alias);
    });
  }
  // A scripted like of a public id the other listener revealed: refused, counted nowhere.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await signUpListener(strangerPage, 'script');
  const scripted = await callEntry(strangerPage.request, playerEndpoints.likeTrack, {
    params: { trackId: a.held[0]?.publicId ?? '' },
    data: { addToLibrary: false },
  });
  expect(scripted.status()).toBe(404);
  await Promise.all([...contexts, stranger].map((context) => context.close()));
});

test('the web player plays, likes and reveals a track dealt under an alias', async ({ page }) => {
  await signUpListener(page, 'alias');
  await page.goto('/player');
  // The audio comes from a stream grant, not from the object's key.
  const streamed = page.waitForRequest(/\/media\/stream\//);
  await page.getByRole('button', { name: 'Discover Music' }).click();
  await expect(page.getByRole('slider', { name: 'Playback position' })).toBeVisible();
  await expect(page.getByText('****').first()).toBeVisible();
  expect((await streamed).url()).not.toMatch(/\/media\/renditions\//);
  await page.getByRole('button', { name: 'Like' }).click();
  await expect(revealCard(page).getByRole('heading', { level: 2 })).not.toBeEmpty();
});
