// The local ESLint rule that keeps each area to its own tables (decision 0240). It reads every
// string and template literal of a server file as SQL (`tools/sql-tables.js`), and holds what
// it reads and writes to the map in `tools/table-owners.js`: an area writes its own tables and
// the columns granted to it there, and reads another area's table only as a listed reader.

import path from 'node:path';
import { migrationTables, tablesOf } from './sql-tables.js';
import { TABLE_OWNERS, areaOfFile } from './table-owners.js';

const root = path.resolve(import.meta.dirname, '..');
const MAP = 'tools/table-owners.js';

/** @type {Set<string> | undefined} */
let tables;

/**
 * The literal's text as SQL: a template's interpolations stand for a value, never a table.
 * @param {import('estree').Node} node
 */
function sqlText(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral')
    return node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' $x ');
  return undefined;
}

/** How a statement or a fragment of one starts; prose ("from ${address}") does not. */
const STATEMENT = /^\s*(\(|select|insert|update|delete|with|truncate|join|left|inner|cross|from)\b/i;
/** A keyword that a table name follows: an interpolation there would hide the table from this rule. */
const BEFORE_TABLE = /\b(from|join|into|update|table|truncate)\s*$/i;

/**
 * Whether one of the template's interpolations stands where a table's name goes (`from ${t}`), so
 * the rule cannot tell which table the statement uses. A subquery's text (`from (${sql}) s`)
 * opens a parenthesis first and is not one.
 * @param {import('estree').Node} node
 */
function interpolatesTable(node) {
  return (
    node.type === 'TemplateLiteral' &&
    node.expressions.length > 0 &&
    STATEMENT.test(node.quasis[0]?.value.cooked ?? '') &&
    node.quasis.slice(0, -1).some((quasi) => BEFORE_TABLE.test(quasi.value.cooked ?? ''))
  );
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "an area's SQL uses only its own tables, or what tools/table-owners.js grants it" },
    schema: [],
  },
  /** @param {import('eslint').Rule.RuleContext} context */
  create(context) {
    const relative = path.relative(root, context.filename).split(path.sep).join('/');
    const found = areaOfFile(relative);
    if (!found) return {};
    const area = found;
    tables ??= migrationTables();
    const known = tables;

    /** @param {import('estree').Node} node */
    function check(node) {
      const sql = sqlText(node);
      if (!sql) return;
      if (interpolatesTable(node)) {
        context.report({
          node,
          message: `write the table's name out: an interpolated one hides it from ${MAP}'s checks (decision 0240)`,
        });
      }
      const { reads, writes } = tablesOf(sql, known);
      for (const [table, columns] of writes) {
        const ownership = TABLE_OWNERS[table];
        if (!ownership) {
          context.report({ node, message: `${table} has no owner in ${MAP}: give it one (decision 0240)` });
          continue;
        }
        if (ownership.owner === area) continue;
        const grant = ownership.writers?.[area];
        const outside =
          grant === undefined
            ? [...columns]
            : grant.columns === '*'
              ? []
              : [...columns].filter((column) => !grant.columns.includes(column));
        if (outside.length > 0) {
          const what = outside.includes('*') ? 'rows' : outside.join(', ');
          context.report({
            node,
            message: `${area} writes ${table} (${what}), which ${ownership.owner} owns: ask the ${ownership.owner} area's service, or grant it in ${MAP} with the reason (decision 0240)`,
          });
        }
      }
      for (const table of reads) {
        const ownership = TABLE_OWNERS[table];
        if (!ownership) {
          context.report({ node, message: `${table} has no owner in ${MAP}: give it one (decision 0240)` });
          continue;
        }
        if (ownership.owner === area || ownership.readers?.[area] || ownership.writers?.[area]) continue;
        context.report({
          node,
          message: `${area} reads ${table}, which ${ownership.owner} owns: ask the ${ownership.owner} area's service, or list ${area} as a reader in ${MAP} with the reason (decision 0240)`,
        });
      }
    }

    return { Literal: check, TemplateLiteral: check };
  },
};

export default { rules: { 'table-ownership': rule } };
