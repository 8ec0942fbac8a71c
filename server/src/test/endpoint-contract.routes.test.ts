import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@klang/domain';
import { createTestApp, type TestApp } from './app';

/**
 * Issue 22 item 3: the areas converted to the endpoint contract serve only routes registered from
 * it, and neither the web app nor the journeys (`e2e/`) nor the benchmarks (`bench/`) spell any of
 * their paths. A route gets its OpenAPI operationId only from `contractRoute`, so the document
 * tells which routes came from the contract.
 */

/** OpenAPI tags whose every operation must come from the contract. */
const CONVERTED_TAGS = [
  'player',
  'loyalty',
  'health',
  'follows',
  'catalogue',
  'forum',
  'demo-tracks',
  'forms',
  'analytics',
  'accounts',
  'subscribers',
  'email',
  'tracks',
  'kit',
  'tutor',
  'klang-packs',
  'payments',
];

type Operation = { operationId?: string; tags?: string[] };
type Document = { paths: Record<string, Record<string, Operation>> };

/**
 * The path as it would be spelled in a string literal or a template: it starts at a quote or
 * after an interpolated origin (`${base}/api/health`), each placeholder stands for any segment or
 * interpolation, and the path ends at a quote, a query or an interpolation.
 */
function spelledPath(contractPath: string): RegExp {
  const parts = contractPath.split(/:\w+/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`['"\`}]${parts.join('[^/\'"`?]+')}['"\`?$]`);
}

/**
 * The path as a regular expression literal would spell it (`/\/api\/player\/tracks\/([^/]+)\/like$/`),
 * matched in a text whose `\/` are read as `/`: its fixed start, up to the first placeholder,
 * right after the literal's opening slash or a `^`.
 */
function regexSpelledPath(contractPath: string): RegExp {
  const fixedStart = contractPath.split(/:\w+/)[0] ?? contractPath;
  return new RegExp(`[/^]${fixedStart.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** The TypeScript sources under a workspace folder, its dependencies and build output aside. */
async function sourcesUnder(folder: string, { withTests }: { withTests: boolean }): Promise<string[]> {
  const root = path.join(repositoryRoot, folder);
  return (await readdir(root, { recursive: true }))
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/(^|\/)(node_modules|dist|test-results)\//.test(file))
    .filter((file) => withTests || !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(root, file));
}

/** Where each file spells the path of a contract entry, as `file: path`. */
async function spelledPaths(files: readonly string[]): Promise<string[]> {
  const spellings = Object.values(endpoints).map((entry) => ({
    entry,
    pattern: spelledPath(entry.path),
    asRegex: regexSpelledPath(entry.path),
  }));
  const found: string[] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    const unescaped = text.replaceAll('\\/', '/');
    for (const { entry, pattern, asRegex } of spellings) {
      if (pattern.test(text) || asRegex.test(unescaped)) {
        found.push(`${path.relative(repositoryRoot, file)}: ${entry.path}`);
      }
    }
  }
  return found;
}

const openApiPath = (entry: Endpoint) => entry.path.replace(/:(\w+)/g, '{$1}');

describe('the endpoint contract', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    // The development mailbox's routes exist only with DEV_MAILBOX on.
    t = await createTestApp({ RATE_LIMITS: 'off', DEV_MAILBOX: 'true' });
    document = t.app.swagger() as Document;
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers every entry as its route, named by the entry', () => {
    for (const entry of Object.values(endpoints)) {
      const operation = document.paths[openApiPath(entry)]?.[entry.method.toLowerCase()];
      expect(operation?.operationId, `${entry.method} ${entry.path}`).toBe(entry.name);
    }
  });

  it('serves the converted areas only through the contract', () => {
    const byName = new Map<string, Endpoint>(Object.values(endpoints).map((entry) => [entry.name, entry]));
    const strays: string[] = [];
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const entry = operation.operationId === undefined ? undefined : byName.get(operation.operationId);
        if (entry) {
          // An operationId is the contract's word for this very method and path.
          expect(`${method} ${route}`).toBe(`${entry.method.toLowerCase()} ${openApiPath(entry)}`);
        } else if (operation.tags?.some((tag) => CONVERTED_TAGS.includes(tag))) {
          strays.push(`${method.toUpperCase()} ${route}`);
        }
      }
    }
    expect(strays).toEqual([]);
  });

  it('finds a path however the web app would spell it', () => {
    const like = spelledPath('/api/player/tracks/:trackId/like');
    expect(like.test('api.post(`/api/player/tracks/${track(trackId)}/like`, {})')).toBe(true);
    expect(like.test("'/api/player/tracks/abc/like?x=1'")).toBe(true);
    expect(like.test("'/api/player/tracks/abc/like/more'")).toBe(false);
    const next = spelledPath('/api/player/next');
    expect(next.test("`/api/player/next${currentId ? '?current=' : ''}`")).toBe(true);
    expect(spelledPath('/api/health').test("'/api/health/ready'")).toBe(false);
    const health = spelledPath('/api/health');
    expect(health.test('fetch(`${server.base}/api/health`)')).toBe(true);
    expect(health.test('fetch(`http://127.0.0.1:${port}/api/health`)')).toBe(true);
    expect(health.test('// /api/health must say the database is down')).toBe(false);
    const asRegex = (text: string) =>
      regexSpelledPath('/api/player/tracks/:trackId/like').test(text.replaceAll('\\/', '/'));
    expect(asRegex(String.raw`/\/api\/player\/tracks\/([^/]+)\/like$/.exec(pathname)`)).toBe(true);
    expect(asRegex(String.raw`new RegExp('^/api/player/tracks/')`)).toBe(true);
    expect(asRegex(String.raw`/\/media\/stream\//`)).toBe(false);
  });

  it('leaves no path of a contract entry spelled in the web app, which calls through area tables', async () => {
    const files = await sourcesUnder('web/src', { withTests: false });
    expect(files.length).toBeGreaterThan(50);
    const found = await spelledPaths(files);
    for (const file of files) {
      // The merged table would put every area's schemas in the first chunk: import the area's.
      if (/import \{[^}]*\bendpoints\b[^}]*\} from '@klang\/domain'/.test(await readFile(file, 'utf8'))) {
        found.push(`${path.relative(repositoryRoot, file)}: imports the merged endpoints`);
      }
    }
    expect(found).toEqual([]);
  });

  // A journey or a benchmark that spells a path keeps testing the old URL after a move (or fails
  // for the wrong reason): they name the entry and build its URL with `fillPath`.
  it.each(['e2e', 'bench'])('leaves no path of a contract entry spelled in %s/', async (folder) => {
    const files = await sourcesUnder(folder, { withTests: true });
    expect(files.length).toBeGreaterThan(10);
    expect(await spelledPaths(files)).toEqual([]);
  });
});
