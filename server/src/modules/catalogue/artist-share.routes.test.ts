import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLIND_SHARE_CARD } from '@klang/domain';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount } from '../../test/catalogue-fixtures';

const INDEX = `<!doctype html><html><head>
    <title>Klang</title>
    <meta
      name="description"
      content="Klang is blind music discovery."
    />
  </head><body><div id="root"></div></body></html>`;

describe('artist pages rendered for crawlers', () => {
  let t: TestApp;
  let freeId: string;
  beforeAll(async () => {
    const web = await mkdtemp(path.join(tmpdir(), 'klang-web-'));
    await writeFile(path.join(web, 'index.html'), INDEX);
    t = await createTestApp({ PUBLIC_URL: 'https://klang.example' }, { webDistDir: web });
    freeId = await insertAccount(t.db, 'artist', { artistName: 'Velmora <Sound> & Co' });
    const pro = await insertAccount(t.db, 'artist', { artistName: 'Kestrel Vane', tier: 'pro' });
    await t.db.query(`update artist_profiles set artist_url = 'kestrel-vane' where id = $1`, [pro]);
    await t.db.query(`update profiles set bio = 'Field recordings, "warm" techno.' where id = $1`, [pro]);
  });
  afterAll(async () => {
    await t.close();
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('fills in the title and Open Graph tags of an artist page by id, escaped', async () => {
    const res = await page(`/artist/${freeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Velmora &lt;Sound&gt; &amp; Co | Klang</title>');
    expect(res.body).toContain(
      '<meta property="og:title" content="Velmora &lt;Sound&gt; &amp; Co | Klang" />',
    );
    expect(res.body).toContain(`<meta property="og:url" content="https://klang.example/artist/${freeId}" />`);
    expect(res.body).toContain('content="Discover music by Velmora &lt;Sound&gt; &amp; Co on Klang."');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('gives every blind share link one card that names nothing (decision 0307)', async () => {
    const token = 'Q2xhcmlvbl9MaWdodHNfMQ';
    const res = await page(`/s/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${BLIND_SHARE_CARD.title}</title>`);
    expect(res.body).toContain(
      `<meta property="og:description" content="${BLIND_SHARE_CARD.description}" />`,
    );
    expect(res.body).toContain(`<meta property="og:url" content="https://klang.example/s/${token}" />`);
    expect(res.body).toContain('<meta property="og:type" content="website" />');
    // One picture for every link (decision 0308), a masked track: it names nothing either.
    expect(res.body).toContain(
      '<meta property="og:image" content="https://klang.example/api/player/share-card.png" />',
    );
    expect(res.body).toContain('<meta property="twitter:card" content="summary_large_image" />');
    // Its oEmbed offers the embedded blind player (decision 0308).
    const oembed = `https://klang.example/api/oembed?url=${encodeURIComponent(`https://klang.example/s/${token}`)}&amp;format=json`;
    expect(res.body).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${oembed}" title="${BLIND_SHARE_CARD.title}" />`,
    );
  });

  it("keeps `$&` and `$'` in a name as text, never as a replacement pattern", async () => {
    const id = await insertAccount(t.db, 'artist', { artistName: "Cash $& Carry $' Co" });
    const res = await page(`/artist/${id}`);
    expect(res.body).toContain('<title>Cash $&amp; Carry $&#39; Co | Klang</title>');
    expect(res.body).toContain(`<meta property="og:title" content="Cash $&amp; Carry $&#39; Co | Klang" />`);
    // One head, one root: no part of the page was copied into itself.
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    expect(res.body.match(/<div id="root"><\/div>/g)).toHaveLength(1);
  });

  it('uses the bio of a pro artist at their custom URL, and leaves other pages alone', async () => {
    const pro = await page('/kestrel-vane');
    expect(pro.body).toContain(
      '<meta property="og:description" content="Field recordings, &quot;warm&quot; techno." />',
    );
    const plain = await page('/charts');
    expect(plain.body).toBe(INDEX);
    const unknown = await page('/artist/00000000-0000-4000-8000-000000000000');
    expect(unknown.body).toBe(INDEX);
  });
});
