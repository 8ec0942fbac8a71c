import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../../web/dist');

/** Paths the single-page app never owns: a miss there is a real 404, not an app route. */
const SERVER_PREFIXES = ['/api/', '/functions/', '/rest/', '/media/', '/dev/'];

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * index.html for every other GET that asks for HTML, so client-side routes load on refresh.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { distDir?: string }) => {
    const root = options.distDir ?? WEB_DIST_DIR;
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'the web app is not built; run `npm run build` (npm start does it for you)');
      return;
    }
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
      void reply.header('cache-control', 'no-cache').sendFile('index.html', root);
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
