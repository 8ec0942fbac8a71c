import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { holdInstallPrompt } from './features/install/install-store';
import { syncThemeWithDocument } from './lib/theme-store';
// The brand typeface, self-hosted: Figtree's variable weights (latin and latin-ext by unicode-range,
// so an English page downloads one 20 KB file, preloaded by vite.config.ts).
import '@fontsource-variable/figtree/wght.css';
import './styles.css';

// Before the first render, so the stored theme is in place when anything paints.
syncThemeWithDocument();
holdInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
