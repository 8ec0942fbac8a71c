// What a piece of SQL does to which tables, read from its text: the table-ownership rule's
// eyes (decision 0240). Plain string work, no SQL parser: Klang's statements are written by
// hand in one style, and only names that are real tables count, so a CTE or an alias named
// like a table cannot be mistaken for one unless it is spelled as one.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MIGRATIONS = path.resolve(import.meta.dirname, '..', 'server', 'src', 'db', 'migrations');

/** Every table the migrations create. */
export function migrationTables() {
  const tables = new Set();
  for (const file of readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql'))) {
    const sql = readFileSync(path.join(MIGRATIONS, file), 'utf8');
    for (const match of sql.matchAll(/create\s+table\s+(?:if\s+not\s+exists\s+)?([a-z_][a-z0-9_]*)/gi)) {
      tables.add(String(match[1]).toLowerCase());
    }
  }
  return tables;
}

/**
 * The comma-separated column names of an `update ... set` list: each assignment's target, up to
 * the `from`, `where` or `returning` that ends the list at parenthesis depth 0.
 * @param {string} text the SQL after `set`
 */
function setColumns(text) {
  /** @type {string[]} */
  const columns = [];
  let depth = 0;
  let start = 0;
  /** @param {number} end */
  const flush = (end) => {
    const target = /^\s*([a-z_][a-z0-9_]*)\s*=/i.exec(text.slice(start, end));
    if (target) columns.push(String(target[1]).toLowerCase());
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (char === '(') depth += 1;
    else if (char === ')') {
      if (depth === 0) break;
      depth -= 1;
    } else if (char === ',' && depth === 0) {
      flush(i);
      start = i + 1;
    } else if (depth === 0 && /\s/.test(char)) {
      if (/^\s+(from|where|returning)\b/i.test(text.slice(i))) {
        flush(i);
        return columns;
      }
    }
  }
  flush(text.length);
  return columns;
}

/**
 * The tables a SQL text reads and writes. `writes` maps a table to the columns an `update` sets
 * (all of them: `'*'`, for an insert, a delete or a merge).
 * @param {string} sql
 * @param {Set<string>} tables the names that count
 * @returns {{ reads: Set<string>, writes: Map<string, Set<string>> }}
 */
export function tablesOf(sql, tables) {
  /** @type {Set<string>} */
  const reads = new Set();
  /** @type {Map<string, Set<string>>} */
  const writes = new Map();
  /** @param {string} table @param {string[]} columns */
  const write = (table, columns) => {
    const set = writes.get(table) ?? new Set();
    for (const column of columns) set.add(column);
    writes.set(table, set);
  };
  const text = sql.replace(/--[^\n]*/g, ' ');
  for (const match of text.matchAll(/\b(insert\s+into|delete\s+from|merge\s+into)\s+([a-z_][a-z0-9_]*)/gi)) {
    const table = String(match[2]).toLowerCase();
    if (tables.has(table)) write(table, ['*']);
  }
  for (const match of text.matchAll(
    /\bupdate\s+([a-z_][a-z0-9_]*)(?:\s+(?:as\s+)?(?!set\b)[a-z_][a-z0-9_]*)?\s+set\b/gi,
  )) {
    const table = String(match[1]).toLowerCase();
    if (tables.has(table)) write(table, setColumns(text.slice(match.index + match[0].length)));
  }
  for (const match of text.matchAll(/\b(from|join|using)\s+([a-z_][a-z0-9_]*)/gi)) {
    const table = String(match[2]).toLowerCase();
    // `delete from t` is a write, not a read; its `where` may still read other tables.
    const before = text.slice(Math.max(0, match.index - 7), match.index);
    if (tables.has(table) && !(String(match[1]).toLowerCase() === 'from' && /delete\s*$/i.test(before))) {
      reads.add(table);
    }
  }
  return { reads, writes };
}
