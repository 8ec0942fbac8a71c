import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/html';
import { REPO_DIR } from '../lib/package-paths';

export const WEB_DIST_DIR = path.join(REPO_DIR, 'web/dist');

/** A page's share card: the title and Open Graph tags crawlers read without running the app. */
export interface ShareCard {
  title: string;
  description: string;
  url: string;
  imageUrl: string | null;
  /** Open Graph's type: a profile (an artist's page) unless said otherwise. */
  type?: 'profile' | 'website';
  /** Where an oEmbed consumer asks for the page's embed (a share link, decision 0308). */
  oembedUrl?: string;
}

/** index.html with the card's title, description and Open Graph tags in place of the defaults. */
export function withShareCard(html: string, card: ShareCard): string {
  const tags = [
    ['og:type', card.type ?? 'profile'],
    ['og:title', card.title],
    ['og:description', card.description],
    ['og:url', card.url],
    ...(card.imageUrl ? [['og:image', card.imageUrl]] : []),
    ['twitter:card', card.imageUrl ? 'summary_large_image' : 'summary'],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}" />`)
    .concat(
      card.oembedUrl
        ? [
            `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(card.oembedUrl)}" title="${escapeHtml(card.title)}" />`,
          ]
        : [],
    )
    .join('\n    ');
  // Replacer functions, never replacement strings: a name holding `$&` or `$'` is text, not a
  // pattern that would copy parts of the page into itself.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(card.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
      () => `<meta name="description" content="${escapeHtml(card.description)}" />`,
    )
    .replace('</head>', () => `  ${tags}\n  </head>`);
}

/** Paths the single-page app never owns: a miss there is a real 404, not an app route. */
const SERVER_PREFIXES = ['/api/', '/functions/', '/rest/', '/media/', '/dev/'];

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * index.html for every other GET that asks for HTML, so client-side routes load on refresh.
 */
export const webAppPlugin = fp(
  async (
    app: FastifyInstance,
    options: { distDir?: string; shareCardFor?: (pathname: string) => Promise<ShareCard | null> },
  ) => {
    const root = options.distDir ?? WEB_DIST_DIR;
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'the web app is not built; run `npm run build` (npm start does it for you)');
      return;
    }
    // web/vite.config.ts writes app.html beside index.html; a build from before that has only one.
    const hasAppPage = existsSync(path.join(root, 'app.html'));
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (scripts/precompress-web-dist.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        void reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    app.decorate('serveWebApp', (request: FastifyRequest, reply: FastifyReply): boolean => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (request.method !== 'GET' || !wantsHtml || SERVER_PREFIXES.some((p) => request.url.startsWith(p))) {
        return false;
      }
      void reply.header('cache-control', 'no-cache');
      const { pathname } = new URL(request.url, 'http://x');
      // The landing page preloads its hero picture; every other page is the same app without it.
      const page = pathname === '/' || !hasAppPage ? 'index.html' : 'app.html';
      const card = options.shareCardFor?.(pathname);
      if (!card) {
        void reply.sendFile(page, root);
        return true;
      }
      // A page with a share card (an artist page): the same app, its head filled in for crawlers.
      void Promise.all([card, readFile(path.join(root, page), 'utf8')])
        .then(([found, html]) =>
          reply.type('text/html; charset=utf-8').send(found ? withShareCard(html, found) : html),
        )
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'share card failed; serving the plain app');
          void reply.sendFile(page, root);
        });
      return true;
    });
  },
  { name: 'web-app' },
);

declare module 'fastify' {
  interface FastifyInstance {
    serveWebApp?: (request: FastifyRequest, reply: FastifyReply) => boolean;
  }
}
