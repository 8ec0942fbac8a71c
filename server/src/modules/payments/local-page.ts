import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../lib/html';

/** The card number, expiry and CVC inputs of the local checkout and billing forms. */
export function cardFields(values: { number?: string; expiry?: string } = {}): string {
  return `<label>Card number<input name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${escapeHtml(values.number ?? '')}" required></label>
      <div class="row">
        <label>Expiry<input name="expiry" autocomplete="cc-exp" placeholder="MM / YY" value="${escapeHtml(values.expiry ?? '')}" required></label>
        <label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required></label>
      </div>`;
}

/** The styles `cardFields` needs, in the page's <style>. */
export const CARD_FIELDS_CSS = `
  label { display: grid; gap: .375rem; font-size: .875rem; color: var(--muted); }
  input { min-width: 0; width: 100%; font: inherit; padding: .75rem .875rem; border-radius: .75rem; border: 1px solid var(--line); background: var(--field); color: var(--fg); }
  input:focus { outline: 2px solid var(--primary); outline-offset: 1px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
`;

/** The app's primary button, for the pages' submit buttons. */
export const PRIMARY_BUTTON_CSS = `
  button { font: inherit; font-weight: 600; height: 3.25rem; padding: 0 1.75rem; border: 0; border-radius: 999px; background: var(--primary); color: #0b0b0f; cursor: pointer; box-shadow: 0 8px 24px -12px var(--primary); }
  button:hover { background: #ff5557; }
  button:focus-visible { outline: 2px solid var(--fg); outline-offset: 2px; }
`;

/**
 * The shell of the pages Klang serves in place of a payment provider's (the local checkout and
 * billing pages): plain HTML that works without the web app's script, in the app's colours, its
 * face (the web build writes it to a fixed path, `web/vite.config.ts`) and its logo.
 */
export function localPage(page: { title: string; css: string; main: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title}</title>
<style>
  @font-face { font-family: 'Figtree Variable'; font-style: normal; font-display: swap; font-weight: 300 900; src: url('/fonts/figtree-latin-wght-normal.woff2') format('woff2-variations'); }
  :root { color-scheme: dark; font-family: 'Figtree Variable', ui-sans-serif, system-ui, sans-serif;
    --bg: #0b0b0f; --surface: #16161d; --field: #1d1d26; --line: #2a2a35; --fg: #f5f5f7; --muted: #a1a1ad; --primary: #ff383a; }
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--fg); }
  .brand { position: absolute; top: 1.25rem; left: 1.5rem; display: inline-flex; }
  .brand img { height: 2rem; width: auto; }
${page.css}</style>
</head>
<body>
<a class="brand" href="/"><img src="/logo.svg" alt="Klang" width="112" height="32"></a>
<main>
${page.main}</main>
</body>
</html>`;
}

/**
 * Reads the pages' URL-encoded form posts into an object for the route's schema. Each page's
 * plugin registers it for itself, so no other route accepts a form.
 */
export function acceptForms(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/** The query string of a request URL, with its `?`, or nothing. */
export function queryOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
}
