import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, runtimeImports } from './import-cycles';

const root = path.resolve(import.meta.dirname, '..');

describe('import cycles', () => {
  it('counts the imports the compiled JavaScript keeps, and no type-only one', () => {
    const text = `
      import { a } from './a';
      import type { B } from './b';
      import { type C, type D } from './c';
      import { type E, f } from './e';
      import './side-effect';
      export { g } from './g';
      export type { H } from './h';
    `;
    expect(runtimeImports('x.ts', text)).toEqual(['./a', './e', './side-effect', './g']);
  });

  it('finds a ring of any length and a file importing itself, and nothing else', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('finds none among Klang’s own files', { timeout: 60_000 }, () => {
    const graph = importGraph(
      ['domain/src', 'server/src', 'web/src', 'bench', 'e2e', 'tools', 'scripts'].map((dir) =>
        path.join(root, dir),
      ),
    );
    expect(graph.size).toBeGreaterThan(500);
    expect(cycles(graph).map((ring) => ring.map((file) => path.relative(root, file)))).toEqual([]);
  });
});
