import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PROVIDER_KINDS } from '@klang/domain';
import {
  checkRepository,
  definedJobKinds,
  documentedJobKinds,
  documentedProviderKinds,
  findBrokenLinks,
  findBrokenSpecReferences,
  findOutsideReferences,
  specSections,
} from './repo-references';

const root = path.resolve(import.meta.dirname, '..');

describe('references that leave the repository', () => {
  it.each([
    '// by 20x for users with many likes (shared/reference/performance-and-security.md A5).',
    '`../shared/reference/providers.md` §3',
    'product decisions live beside this repository in `shared/`.',
    '/** The product name: every `{product}` of the spec (DECISIONS.md). */',
    ' * The one transcode of an upload (ARCHITECTURE.md, Media): decode',
    '/** Every error code (STYLE.md, Errors and messages). */',
    '/** How many places a chart shows (reference A6: the top 50). */',
    '// Start-up benchmark (reference goal P15: ready in 10 s)',
    ' * Crash during processing (reference, security table row 10)',
    'see /work/shared/spec/000_fee3b3b4e3dbb998.txt',
  ])('finds %s', (line) => {
    expect(findOutsideReferences('x.ts', `first line\n${line}\n`)).toEqual([
      expect.objectContaining({ file: 'x.ts', line: 2, text: line.trim() }),
    ]);
  });

  it.each([
    '/** The product name (product-decisions.md). */',
    '// (performance-and-security A5: a cached generic plan made it 20x slower)',
    ' * ALTCHA proof of work (providers.md §4).',
    "import { shared } from './shared/state';",
    'For reference, listen to these tracks.',
    'dist/esm/v2/frameworks/shared.js',
  ])('lets %s be', (line) => {
    expect(findOutsideReferences('x.ts', line)).toEqual([]);
  });
});

describe('links and spec sections that name nothing', () => {
  it('finds a relative Markdown link to a missing file, not one that exists or leaves for the web', () => {
    const text = '[map](architecture.md#providers) [gone](missing.md) [web](https://example.com) [top](#top)';
    expect(findBrokenLinks(root, 'docs/index.md', text)).toEqual([
      expect.objectContaining({ file: 'docs/index.md', line: 1, text: 'missing.md' }),
    ]);
  });

  it('reads section numbers from the headings and finds a reference to one that is not there', () => {
    const sections = new Map([
      ['002', specSections('# Title\n## 2. Screens\n### 2.7 Forum list\n## 7. Calls\n')],
    ]);
    expect([...(sections.get('002') ?? [])]).toEqual(['2', '2.7', '7']);
    const text = 'spec 002 §2.7 and spec 002 §7, spec 002 §4, spec 003 §1, Spec 002';
    expect(findBrokenSpecReferences('x.ts', text, sections).map((found) => found.reason)).toEqual([
      'spec 002 has no §4',
      'spec 003 is not in docs/spec/',
    ]);
  });
});

describe('this repository', () => {
  it('points only at files it holds: no outside path, every Markdown link and spec section resolves', () => {
    const broken = checkRepository(root).map(
      ({ file, line, text, reason }) => `${file}:${line}: ${reason}: ${text}`,
    );
    expect(broken).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  it('reads the job kinds from the rows of its Jobs table only', () => {
    const page =
      '## Jobs\n\n| kind | owner |\n|---|---|\n| `a.run` | a |\n| `b` | b |\n\n## Next\n| `c` | c |\n';
    expect(documentedJobKinds(page)).toEqual(['a.run', 'b']);
  });

  it('has a row for every provider kind /api/health reports, and no other', () => {
    const page = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    expect(documentedProviderKinds(page)).toEqual([...PROVIDER_KINDS].sort());
  });

  it('lists every job kind the server defines, and no other', () => {
    const defined = definedJobKinds(root);
    expect(defined.length).toBeGreaterThan(0);
    expect(documentedJobKinds(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'))).toEqual(
      defined,
    );
  });
});
