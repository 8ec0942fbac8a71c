import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// The domain's source, not its package entry: Node loads this config without a TypeScript loader.
import { PALETTES, PRIMARY_COLOR, PRODUCT_NAME } from '../domain/src/brand';
import { stripServerOnly } from '../tools/strip-server-only';
import { paths } from './src/app/paths';

const require = createRequire(import.meta.url);

/**
 * The ElevenLabs SDK's AudioWorklet scripts, served from Klang's own /worklets/ paths (spec 002 §9)
 * instead of the blob: URLs the CSP refuses: copied from the installed packages into the build, and
 * answered by the dev server. VOICE_AGENT_WORKLET_PATHS in @klang/domain names the same paths.
 *
 * The resampler is the one the SDK would fetch from jsDelivr when the browser cannot open audio at
 * the agent's sample rate (Firefox): a wasm2js build, so no WebAssembly and no CSP exception. Its
 * package is pinned to the version the SDK names in that URL.
 */
function elevenLabsWorklets(): Plugin {
  const modules: Record<string, string> = {
    'rawAudioProcessor.js': '@elevenlabs/client/worklets/rawAudioProcessor.js',
    'audioConcatProcessor.js': '@elevenlabs/client/worklets/audioConcatProcessor.js',
    'libsamplerate.worklet.js': '@alexanderolsen/libsamplerate-js/dist/libsamplerate.worklet.js',
  };
  const source = (name: string) => readFileSync(require.resolve(modules[name] ?? name), 'utf8');
  return {
    name: 'klang-elevenlabs-worklets',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = Object.keys(modules).find((n) => request.url === `/worklets/${n}`);
        if (!name) {
          next();
          return;
        }
        response.setHeader('Content-Type', 'text/javascript');
        response.end(source(name));
      });
    },
    generateBundle() {
      for (const name of Object.keys(modules))
        this.emitFile({ type: 'asset', fileName: `worklets/${name}`, source: source(name) });
    },
  };
}

/**
 * The contract's entries without what only the server reads (their policy and OpenAPI summary,
 * `tools/strip-server-only.ts`): after the TypeScript is stripped, in the domain's modules only.
 */
function contractWithoutServerOnly(): Plugin {
  return {
    name: 'klang-contract-without-server-only',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/domain/src/')) return null;
      const stripped = stripServerOnly(code);
      return stripped === null ? null : { code: stripped, map: null };
    },
  };
}

/**
 * The brand face at a path that does not change between builds, for the pages the server renders
 * without the app's script (the local checkout and billing pages, `server/src/modules/payments/
 * local-page.ts`, which names the same path): the app's own copy has a hashed name.
 */
function brandFontForServerPages(): Plugin {
  return {
    name: 'klang-brand-font-for-server-pages',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'fonts/figtree-latin-wght-normal.woff2',
        source: readFileSync(
          require.resolve('@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2'),
        ),
      });
    },
  };
}

/**
 * The SDK passes `libsampleratePath` to its microphone side only; its speaker side always takes the
 * jsDelivr URL (@elevenlabs/client 1.25, the newest). This points that URL at Klang's copy, in the
 * build and in the dev server's pre-bundle, and stops the build if the SDK names another URL or
 * version than the installed resampler, or if any chunk still names the CDN, so an update cannot
 * bring it back unnoticed.
 */
function elevenLabsOwnResampler() {
  const { version } = require('@alexanderolsen/libsamplerate-js/package.json') as { version: string };
  const cdn = `https://cdn.jsdelivr.net/npm/@alexanderolsen/libsamplerate-js@${version}/dist/libsamplerate.worklet.js`;
  const loader = /@elevenlabs[\\/]client[\\/]dist[\\/]platform[\\/]web[\\/]addLibsamplerateModule\.js$/;
  return {
    name: 'klang-elevenlabs-own-resampler',
    transform(code: string, id: string) {
      if (!loader.test(id)) return null;
      if (!code.includes(`"${cdn}"`))
        throw new Error(`@elevenlabs/client no longer loads ${cdn}: check which resampler it wants now`);
      return { code: code.replace(`"${cdn}"`, '"/worklets/libsamplerate.worklet.js"'), map: null };
    },
    // Whatever the SDK's files are called next, no chunk of the app may fetch from the CDN.
    generateBundle(_options: unknown, bundle: Record<string, { type: string; code?: string }>) {
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type === 'chunk' && chunk.code?.includes('cdn.jsdelivr.net'))
          throw new Error(`${file} loads code from cdn.jsdelivr.net; Klang serves everything itself`);
      }
    },
  };
}

/**
 * Preloads the brand typeface's latin file, so the first paint after it arrives needs no swap.
 * Only that one file: latin-ext and the italics load on demand through their unicode-range.
 * The build fails if the file is missing, so a package update cannot drop the preload silently.
 */
function preloadBrandFont(): Plugin {
  const font = /^assets\/figtree-latin-wght-normal-[\w-]+\.woff2$/;
  return {
    name: 'klang-preload-brand-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const file = Object.keys(context.bundle ?? {}).find((name) => font.test(name));
        if (!file)
          throw new Error('the Figtree latin font is not in the build: check @fontsource-variable/figtree');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Writes app.html beside index.html: the same page without the tags marked data-landing-only (the
 * landing hero's image preload), which the server sends for every path but `/`, so a signed-in
 * screen on a slow phone does not spend its first round trips on the landing's picture. The build
 * fails if nothing is marked, so the two pages cannot silently become one.
 */
function appPageWithoutLandingPreloads(): Plugin {
  const landingOnly = /\s*<link\b[^>]*\bdata-landing-only\b[^>]*>/g;
  return {
    name: 'klang-app-page',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || typeof index.source !== 'string')
          throw new Error('no index.html in the build');
        const app = index.source.replace(landingOnly, '');
        if (app === index.source) throw new Error('index.html marks no data-landing-only tag');
        this.emitFile({ type: 'asset', fileName: 'app.html', source: app });
      },
    },
  };
}

/**
 * Installable Klang (decision 0292): the manifest, the icons drawn from the brand mark
 * (public/favicon.svg) at build time, and a service worker that precaches the app shell and
 * nothing else. WARNING: no runtime caching. API answers and audio are per listener and blind;
 * a cache of them would keep names and links of tracks on the device. Navigations fall back to
 * the cached shell (app.html), except under the server's own pages.
 */
function installableApp() {
  return VitePWA({
    // A plain register() after load: no reload when a new worker takes over mid-track.
    registerType: 'autoUpdate',
    injectRegister: 'script-defer',
    pwaAssets: {
      image: 'public/favicon.svg',
      preset: {
        transparent: { sizes: [64, 192, 512], favicons: [[48, 'favicon.ico']], padding: 0 },
        // The mark's own red fills the mask, so any crop leaves the bars on red.
        maskable: { sizes: [192, 512], padding: 0.25, resizeOptions: { background: PRIMARY_COLOR } },
        apple: { sizes: [180], padding: 0.15, resizeOptions: { background: PRIMARY_COLOR } },
      },
      overrideManifestIcons: true,
      // index.html's theme-color follows the chosen theme (lib/theme-store.ts); keep that one.
      injectThemeColor: false,
    },
    manifest: {
      id: '/',
      name: PRODUCT_NAME,
      short_name: PRODUCT_NAME,
      description: 'Blind music discovery: like a track before you learn who made it.',
      lang: 'en-GB',
      // A signed-in listener lands on Discover; anyone else is sent to sign in from there.
      start_url: paths.player,
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: PALETTES.dark.background,
      background_color: PALETTES.dark.background,
      categories: ['music', 'entertainment'],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,woff2,svg,png,ico}'],
      // The landing's picture and the Kit's example sounds are content, not the shell.
      globIgnores: ['media/**', 'kit-examples/**', '**/*.map'],
      navigateFallback: '/app.html',
      navigateFallbackDenylist: [/^\/(api|functions|rest|media|dev|payments|checkout|billing)(\/|$)/],
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });
}

// The API server (server/) answers these prefixes; Vite forwards them in development so the browser
// stays same-origin and the session cookie works as in production. The boundary matters: a custom
// artist URL such as /restless must stay with the single-page app.
const apiProxy = {
  '^/(api|functions|rest|media|dev)(/|$)': { target: 'http://localhost:3000' },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    elevenLabsWorklets(),
    contractWithoutServerOnly(),
    brandFontForServerPages(),
    elevenLabsOwnResampler(),
    preloadBrandFont(),
    appPageWithoutLandingPreloads(),
    installableApp(),
  ],
  optimizeDeps: { rolldownOptions: { plugins: [elevenLabsOwnResampler()] } },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The polyfill of <link rel="modulepreload"> (0.2 KiB gzip of the landing's entry, measured)
    // only adds preloading where a browser lacks it (Safari before 17, Firefox before 115); there
    // the modules still load, one wave later. The first route's budget needs the bytes more.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // WARNING: the E2E suite finds a lazy route's chunk by file name (routes/how-it-works.tsx ->
        // assets/how-it-works-<hash>.js) to inject load failures; keep [name] first in the pattern.
        chunkFileNames: 'assets/[name]-[hash].js',
        // The libraries every screen needs, in one long-cached chunk with a name that says so.
        codeSplitting: {
          // A phone on a slow network pays a round trip per file, and automatic splitting left
          // the signed-in app 43 files for /player (an icon or a helper per file): the first paint
          // waited on them (Lighthouse mobile 86). Common chunks under 16 KiB of source are copied
          // into the chunks that read them instead (one shared module state, rolldown's registry),
          // which left 12 files and no more bytes. Chunks with styles stay files, as rolldown's
          // docs advise, since Vite's CSS plugin would emit their CSS once per copy.
          experimentalInlineCommonChunks: {
            maxSize: 16 * 1024,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|zustand)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
