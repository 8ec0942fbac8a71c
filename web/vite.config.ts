import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (server/) answers these prefixes; Vite forwards them in development so the browser
// stays same-origin and the session cookie works as in production. The boundary matters: a custom
// artist URL such as /restless must stay with the single-page app.
const apiProxy = {
  '^/(api|functions|rest|media|dev)(/|$)': { target: 'http://localhost:3000' },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
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
