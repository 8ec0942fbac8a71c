import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@klang/domain';
import { createTestApp, type TestApp } from './app';

/**
 * Issue 22 item 3: the areas converted to the endpoint contract serve only routes registered from
 * it, and the web app spells none of their paths. A route gets its OpenAPI operationId only from
 * `contractRoute`, so the document tells which routes came from the contract.
 */

/** OpenAPI tags whose every operation must come from the contract. */
const CONVERTED_TAGS = [
  'player',
  'loyalty',
  'platform',
  'follows',
  'library',
  'charts',
  'artists',
  'forum',
  'demo',
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
 * The path as it would be spelled in a string literal or a template: each placeholder stands for
 * any segment or interpolation, and the path ends at a quote, a query or an interpolation.
 */
function spelledPath(contractPath: string): RegExp {
  const parts = contractPath.split(/:\w+/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`['"\`]${parts.join('[^/\'"`?]+')}['"\`?$]`);
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
    const like = spelledPath('/api/tracks/:trackId/like');
    expect(like.test('api.post(`/api/tracks/${track(trackId)}/like`, {})')).toBe(true);
    expect(like.test("'/api/tracks/abc/like?x=1'")).toBe(true);
    expect(like.test("'/api/tracks/abc/like/more'")).toBe(false);
    const next = spelledPath('/api/player/next');
    expect(next.test("`/api/player/next${currentId ? '?current=' : ''}`")).toBe(true);
    expect(spelledPath('/api/health').test("'/api/health/ready'")).toBe(false);
  });

  it('leaves no path of a contract entry spelled in the web app, which calls through area tables', async () => {
    const webSource = path.resolve(import.meta.dirname, '../../../web/src');
    const files = (await readdir(webSource, { recursive: true }))
      .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.join(webSource, file));
    expect(files.length).toBeGreaterThan(50);
    const spellings = Object.values(endpoints).map((entry) => ({ entry, pattern: spelledPath(entry.path) }));
    const found: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      // The merged table would put every area's schemas in the first chunk: import the area's.
      if (/import \{[^}]*\bendpoints\b[^}]*\} from '@klang\/domain'/.test(text)) {
        found.push(`${path.relative(webSource, file)}: imports the merged endpoints`);
      }
      for (const { entry, pattern } of spellings) {
        if (pattern.test(text)) found.push(`${path.relative(webSource, file)}: ${entry.path}`);
      }
    }
    expect(found).toEqual([]);
  });
});
