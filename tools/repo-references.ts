import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Docs a clone can trust (issue 22 item 5): the repository holds every document its files point
 * at. The product's rules used to live beside it (a `shared/` folder with the spec, the product
 * decisions, the performance and security goals, the provider notes, an architecture and a style
 * page), and comments cited them by paths a clone does not have. They now live in `docs/`; these
 * checks keep it so, and keep the job table of docs/architecture.md equal to the code's job kinds
 * (decision 0225).
 */

/** One reference that leaves the repository or resolves to nothing. */
export interface BrokenReference {
  file: string;
  line: number;
  text: string;
  reason: string;
}

/** Where each former outside document lives now, for the message of a failing check. */
const OUTSIDE_FORMS: readonly { pattern: RegExp; reason: string }[] = [
  { pattern: /\/work\//, reason: "an absolute path on a developer's machine" },
  {
    pattern: /(?:\.\.\/)+shared\/|(?<![\w.-])shared\/(?:spec|reference|hooks)\b|`shared\/`/,
    reason: 'the `shared/` folder beside the repository: the product rules now live in docs/',
  },
  { pattern: /\bDECISIONS\.md\b/, reason: 'DECISIONS.md is docs/product-decisions.md' },
  { pattern: /\bARCHITECTURE\.md\b/, reason: 'ARCHITECTURE.md is folded into docs/architecture.md' },
  { pattern: /\bSTYLE\.md\b/, reason: 'STYLE.md is CONTRIBUTING.md' },
  {
    pattern: /\(reference,|\breference (?:[AB]\d\b|goal P\d)|\breference\/(?:providers|performance)/,
    reason: 'the former reference notes: docs/performance-and-security.md or docs/providers.md',
  },
  { pattern: /\b00[0-2]_[0-9a-f]{16}\.txt\b/, reason: 'a spec file by its outside name: docs/spec/' },
];

/** Lines of `text` that point outside the repository. */
export function findOutsideReferences(file: string, text: string): BrokenReference[] {
  const found: BrokenReference[] = [];
  text.split('\n').forEach((content, index) => {
    const outside = OUTSIDE_FORMS.find(({ pattern }) => pattern.test(content));
    if (outside) found.push({ file, line: index + 1, text: content.trim(), reason: outside.reason });
  });
  return found;
}

/** Relative Markdown link targets of `text` (`[label](target)`), without their `#anchor`. */
function markdownLinkTargets(text: string): { line: number; target: string }[] {
  const targets: { line: number; target: string }[] = [];
  text.split('\n').forEach((content, index) => {
    for (const match of content.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1] ?? '';
      if (/^(?:[a-z][a-z+.-]*:|#|\/)/i.test(target)) continue;
      targets.push({ line: index + 1, target: target.replace(/#.*$/, '') });
    }
  });
  return targets;
}

/** Markdown links of `file` (relative to `root`) whose target is not in the repository. */
export function findBrokenLinks(root: string, file: string, text: string): BrokenReference[] {
  return markdownLinkTargets(text)
    .filter(({ target }) => !existsSync(path.resolve(root, path.dirname(file), decodeURI(target))))
    .map(({ line, target }) => ({ file, line, text: target, reason: 'the link names no file here' }));
}

/** Section numbers (`7`, `2.7`) of one spec document's headings. */
export function specSections(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const match of markdown.matchAll(/^#{2,4} (\d+(?:\.\d+)*)[. ]/gm)) sections.add(match[1] ?? '');
  return sections;
}

/**
 * "spec 000 §7"-style references of `text` that name a document or section the spec does not
 * have. `sections` maps a document number (`000`) to its section numbers.
 */
export function findBrokenSpecReferences(
  file: string,
  text: string,
  sections: ReadonlyMap<string, Set<string>>,
): BrokenReference[] {
  const found: BrokenReference[] = [];
  text.split('\n').forEach((content, index) => {
    for (const match of content.matchAll(/\bspec (\d{3})\b(?: (?:§|section )(\d+(?:\.\d+)*))?/gi)) {
      const [, document = '', section] = match;
      const known = sections.get(document);
      const reason = !known
        ? `spec ${document} is not in docs/spec/`
        : section !== undefined && !known.has(section)
          ? `spec ${document} has no §${section}`
          : undefined;
      if (reason) found.push({ file, line: index + 1, text: match[0], reason });
    }
  });
  return found;
}

/** Files of a text kind worth reading; media, lock files and recorded results are skipped. */
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|json|md|sql|css|html|ya?ml|sh|example)$|(?:^|\/)\.[\w-]+$|(?:^|\/)run$/;
const SKIPPED =
  /(?:^|\/)(?:package-lock\.json|node_modules\/|dist\/|data\/|test-results\/|playwright-report\/|\.vite\/)|^bench\/results\//;
/** This check and its test spell the forms they look for. */
const SELF = /^tools\/repo-references(?:\.test)?\.ts$/;
/** Decision 0225 records the old names, so it alone may spell them; its links are still checked. */
const NAMES_THE_OLD_FORMS = 'docs/decisions/0225-';

/** The repository's files as git knows them (tracked, and new ones not ignored), else a walk. */
export function repositoryFiles(root: string): string[] {
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter(Boolean);
  } catch {
    files = walk(root, '');
  }
  return files.filter(
    (file) =>
      TEXT_FILE.test(file) && !SKIPPED.test(file) && !SELF.test(file) && existsSync(path.join(root, file)),
  );
}

function walk(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.name === '.git' || SKIPPED.test(`${relative}/`)) return [];
    return entry.isDirectory() ? walk(root, relative) : [relative];
  });
}

/** Every broken reference of the repository at `root`. */
export function checkRepository(root: string): BrokenReference[] {
  const specDir = path.join(root, 'docs/spec');
  const sections = new Map(
    readdirSync(specDir)
      .filter((name) => /^\d{3}-.*\.md$/.test(name))
      .map((name) => [name.slice(0, 3), specSections(readFileSync(path.join(specDir, name), 'utf8'))]),
  );
  return repositoryFiles(root).flatMap((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    return [
      ...(file.startsWith(NAMES_THE_OLD_FORMS) ? [] : findOutsideReferences(file, text)),
      ...(file.endsWith('.md') ? findBrokenLinks(root, file, text) : []),
      ...findBrokenSpecReferences(file, text, sections),
    ];
  });
}

/** The job kinds the server defines: every `<NAME>_JOB = '<kind>'` under `server/src`. */
export function definedJobKinds(root: string): string[] {
  return repositoryFiles(root)
    .filter((file) => file.startsWith('server/src/') && file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/\b[A-Z][A-Z_]*_JOB = '([^']+)'/g)].map(
        (match) => match[1] ?? '',
      ),
    )
    .sort();
}

/** The job kinds of the table under `## Jobs` in docs/architecture.md (its rows' first cells). */
export function documentedJobKinds(architecture: string): string[] {
  const section = /^## Jobs\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(architecture)?.[1] ?? '';
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1] ?? '').sort();
}

/** The `/api/health` provider keys the Providers table of docs/architecture.md names (`` (`key` ``). */
export function documentedProviderKinds(architecture: string): string[] {
  const section = /^## Providers\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(architecture)?.[1] ?? '';
  return [...section.matchAll(/^\| [^|`]*\(`(\w+)`/gm)].map((match) => match[1] ?? '').sort();
}
