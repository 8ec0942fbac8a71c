import Markdown, { type Components } from 'react-markdown';

/**
 * What an answer may use: paragraphs, lists, emphasis and links. Anything else the engine writes
 * (headings, tables, images, code) is shown as its text, and raw HTML is never rendered:
 * react-markdown escapes it by default and no rehype-raw is added. An answer comes from an
 * outside language model when one is configured, so it is untrusted input.
 */
const ALLOWED = ['p', 'ol', 'ul', 'li', 'strong', 'em', 'a', 'br'];

const components: Components = {
  p: ({ children }) => <p>{children}</p>,
  ol: ({ children }) => (
    <ol className="ml-5 flex list-decimal flex-col gap-1.5 marker:text-muted">{children}</ol>
  ),
  ul: ({ children }) => <ul className="ml-5 flex list-disc flex-col gap-1 marker:text-muted">{children}</ul>,
  li: ({ children }) => <li className="pl-1">{children}</li>,
  strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
  a: ({ children, href }) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-accent underline underline-offset-2"
    >
      {children}
    </a>
  ),
};

/** Only http(s) links survive; `javascript:` and `data:` URLs become plain text. */
function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : '';
}

/** A tutor answer as safe markdown: short steps as a numbered list, bold, links. */
export function AnswerMarkdown({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-2.5">
      <Markdown allowedElements={ALLOWED} unwrapDisallowed components={components} urlTransform={safeUrl}>
        {text}
      </Markdown>
    </div>
  );
}
