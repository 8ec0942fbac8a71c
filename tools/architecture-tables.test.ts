import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  currentAreaTable,
  currentGuardsTable,
  END,
  generatedAreaTable,
  generatedGuardsTable,
  serverAreas,
  START,
  unplaced,
} from './architecture-tables';

const root = path.resolve(import.meta.dirname, '..');
const page = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** The server module folders the hand-written rows of "### The areas" name. */
function handWrittenModules(markdown: string): string[] {
  const section = /^### The areas\n([\s\S]*?)(?=^Domain paths)/m.exec(markdown)?.[1] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| area'))
    .flatMap((line) => {
      const server = line.split(' | ')[2] ?? '';
      return [...server.matchAll(/^`([\w-]+)\/`/g)].map((match) => match[1] ?? '');
    })
    .sort();
}

describe("docs/architecture.md's name map", () => {
  it('places every contract table, job kind and table owner in an area', () => {
    expect(unplaced(root)).toEqual([]);
  });

  it('has a hand-written row for every server module, and no other', () => {
    expect(handWrittenModules(page)).toEqual(serverAreas(root));
  });

  it('holds the generated table exactly as the code gives it (npm run docs:tables rewrites it)', () => {
    expect(currentAreaTable(page)).toBe(generatedAreaTable(root));
  });

  it("holds the guards table exactly as the contract's policies give it", () => {
    expect(currentGuardsTable(page)).toBe(generatedGuardsTable());
    const generated = generatedGuardsTable();
    expect(generated).toContain('| analytics | `shareFunnel` | `GET /api/admin/share-funnel` | admin |');
    expect(
      currentGuardsTable(page.replace('| analytics | `shareFunnel`', '| analytics | `shareFunnels`')),
    ).not.toBe(generated);
  });

  it('notices a contract entry, a job kind or a table the page does not list', () => {
    const generated = generatedAreaTable(root);
    expect(generated).toContain('`GET /api/player/next`');
    expect(generated).toContain('`player.deliver-to-followers`');
    expect(generated).toContain('`follow_deliveries`');
    const stale = page.replace('`GET /api/player/next`, ', '');
    expect(currentAreaTable(stale)).not.toBe(generated);
    expect(currentAreaTable(`${START}\n`)).toBeUndefined();
    expect(currentAreaTable(`${END}\n${START}`)).toBeUndefined();
  });
});
