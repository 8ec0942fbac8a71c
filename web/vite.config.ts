import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';

/**
 * The ElevenLabs SDK's two AudioWorklet scripts, served from Klang's own /worklets/ paths (spec 002
 * §9) instead of blob: URLs the CSP refuses: copied from the installed package into the build, and
 * answered by the dev server. VOICE_AGENT_WORKLET_PATHS in @klang/domain names the same paths.
 */
function elevenLabsWorklets(): Plugin {
  const require = createRequire(import.meta.url);
  const names = ['rawAudioProcessor.js', 'audioConcatProcessor.js'];
  const source = (name: string) =>
    readFileSync(require.resolve(`@elevenlabs/client/worklets/${name}`), 'utf8');
  return {
    name: 'klang-elevenlabs-worklets',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = names.find((n) => request.url === `/worklets/${n}`);
        if (!name) {
          next();
          return;
        }
        response.setHeader('Content-Type', 'text/javascript');
        response.end(source(name));
      });
    },
    generateBundle() {
      for (const name of names)
        this.emitFile({ type: 'asset', fileName: `worklets/${name}`, source: source(name) });
    },
  };
}

// The API server (server/) answers these prefixes; Vite forwards them in development so the browser
// stays same-origin and the session cookie works as in production. The boundary matters: a custom
// artist URL such as /restless must stay with the single-page app.
const apiProxy = {
  '^/(api|functions|rest|media|dev)(/|$)': { target: 'http://localhost:3000' },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), elevenLabsWorklets()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // WARNING: the E2E suite finds a lazy route's chunk by file name (routes/how-it-works.tsx ->
        // assets/how-it-works-<hash>.js) to inject load failures; keep [name] first in the pattern.
        chunkFileNames: 'assets/[name]-[hash].js',
        // The libraries every screen needs, in one long-cached chunk with a name that says so.
        codeSplitting: {
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
