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
  label { display: grid; gap: .375rem; font-size: .875rem; color: #c9c9d6; }
  input { min-width: 0; width: 100%; font: inherit; padding: .75rem; border-radius: .5rem; border: 1px solid #34344a; background: #1b1b26; color: inherit; }
  input:focus { outline: 2px solid #8b7cff; outline-offset: 1px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
`;

/**
 * The shell of the pages Klang serves in place of a payment provider's (the local checkout and
 * billing pages): plain HTML that works without the web app's script, dark like the app.
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
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; background: #0b0b10; color: #f2f2f5; }
${page.css}</style>
</head>
<body>
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
