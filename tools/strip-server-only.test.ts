import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { stripServerOnly } from './strip-server-only';

const root = path.resolve(import.meta.dirname, '..');

describe('the web build’s copy of the contract', () => {
  it('drops each entry’s policy and summary, and nothing else', () => {
    const code = [
      "import { endpoint, perAddress } from './contract';",
      'export const table = {',
      "  a: endpoint({ method: 'GET', path: '/api/a', policy: { access: 'public', limit: perAddress(1, '1 minute') }, response: {}, summary: 'Reads A' }),",
      "  b: endpoint({ policy: { access: 'session', limit: null }, method: 'POST', path: '/api/b', response: {} }),",
      '};',
      "export const other = { policy: 'kept', summary: 'kept' };",
    ].join('\n');
    const stripped = stripServerOnly(code) ?? '';
    expect(stripped).not.toContain("access: 'public'");
    expect(stripped).not.toContain('Reads A');
    expect(stripped).not.toContain("access: 'session'");
    expect(stripped).toContain("a: endpoint({ method: 'GET', path: '/api/a', response: {} })");
    expect(stripped).toContain("b: endpoint({ method: 'POST', path: '/api/b', response: {} })");
    expect(stripped).toContain("export const other = { policy: 'kept', summary: 'kept' };");
    expect(stripServerOnly("export const x = { policy: 'kept' };")).toBeNull();
  });

  it('leaves every table of the contract parseable, without a policy left in it', () => {
    const table = readFileSync(path.join(root, 'domain/src/player/player.endpoints.ts'), 'utf8');
    const javascript = transformSync(table, { loader: 'ts' }).code;
    expect(javascript).toContain('policy:');
    const stripped = stripServerOnly(javascript) ?? '';
    expect(stripped).not.toMatch(/\bpolicy:/);
    expect(stripped).toContain('path: "/api/player/next"');
    expect(() => transformSync(stripped, { loader: 'js' })).not.toThrow();
  });
});
