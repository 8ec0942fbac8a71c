import { emailEndpoints, fillPath } from '@klang/domain';
import { escapeHtml } from '../../lib/html';
import type { OutboxEmail } from './email.repository';

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Escapes a text body and turns its http(s) URLs into links (verification and reset links). */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    // Sentence punctuation right after a URL belongs to the sentence.
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" rel="noreferrer">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function renderEmail(email: OutboxEmail): string {
  const status = email.status === 'sent' ? '' : ` <span class="status">${escapeHtml(email.status)}</span>`;
  const error = email.lastError ? `<p class="error">${escapeHtml(email.lastError)}</p>` : '';
  return `<article>
  <h2>${escapeHtml(email.subject)}${status}</h2>
  <p class="meta">To <b>${escapeHtml(email.to)}</b> · from ${escapeHtml(email.from)} ·
    <time datetime="${email.createdAt.toISOString()}">${escapeHtml(email.createdAt.toUTCString())}</time> ·
    ${escapeHtml(email.template)} · <a href="${escapeHtml(fillPath(emailEndpoints.mailboxRawEmail.path, { id: email.id }))}">raw .eml</a></p>
  ${error}
  <pre>${linkify(email.text)}</pre>
</article>`;
}

/**
 * The development mailbox as one self-contained page: no script (the CSP allows only scripts
 * from this origin and the page needs none), no external asset, every value escaped.
 */
export function renderMailboxPage(emails: OutboxEmail[]): string {
  const body =
    emails.length === 0
      ? '<p class="empty">No email has been sent yet.</p>'
      : emails.map(renderEmail).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox · Klang development</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1.5rem; color: #1b1b1f; }
  h1 { font-size: 1.4rem; }
  article { border: 1px solid #d8d8e0; border-radius: 8px; padding: 0.75rem 1rem; margin: 1rem 0; }
  h2 { font-size: 1.1rem; margin: 0 0 0.25rem; }
  .meta { color: #55556a; font-size: 0.85rem; margin: 0 0 0.5rem; }
  .status { font-size: 0.75rem; background: #ffe8b0; border-radius: 4px; padding: 0 0.4rem; }
  .error { color: #a1001a; font-size: 0.85rem; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0; }
  .empty { color: #55556a; }
</style>
</head>
<body>
<h1>Mailbox</h1>
<p class="meta">Every email the local provider has sent, newest first. Only this machine can see this page.</p>
${body}
</body>
</html>
`;
}
