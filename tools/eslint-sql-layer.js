// A small local ESLint rule that keeps SQL in the repositories (decision 0215). It refuses, in
// the files the config gives it, every statement sent to the database: `query`/`exec` called on a
// database handle, and the `one`/`maybeOne` helpers of `db/client`. Which files may still hold
// SQL (`*.repository.ts`, tests, the database layer itself) is said once, in eslint.config.js.

/** The names the server gives a database handle or a transaction: `db`, `tx`, `q`, a pool, a client. */
const HANDLE = /^(db|tx|q|client|pool)$/;
const STATEMENT = /^(query|exec)$/;
const HELPERS = new Set(['one', 'maybeOne']);

export const SQL_LAYER_MESSAGE =
  "SQL lives in the area's *.repository.ts: add a repository method and call it from the service or job (decision 0215)";

/**
 * Whether `node` is a database handle: a bare handle name (`db.query`), or the `db` member of
 * something (`deps.db.query`, `t.db.exec`). A pattern's `exec` (`/x/.exec`, `PATTERN.exec`) is none.
 * @param {import('estree').Node} node
 */
function isHandle(node) {
  // A cast or a non-null assertion still names the handle (`(db as Db).query`, `tx!.query`).
  while (
    /** @type {string} */ (node.type) === 'TSAsExpression' ||
    /** @type {string} */ (node.type) === 'TSNonNullExpression' ||
    /** @type {string} */ (node.type) === 'TSSatisfiesExpression'
  ) {
    node = /** @type {{ expression: import('estree').Node }} */ (/** @type {unknown} */ (node)).expression;
  }
  if (node.type === 'Identifier') return HANDLE.test(node.name);
  return (
    node.type === 'MemberExpression' &&
    !node.computed &&
    node.property.type === 'Identifier' &&
    node.property.name === 'db'
  );
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL only in *.repository.ts' },
    schema: [],
  },
  /** @param {import('eslint').Rule.RuleContext} context */
  create(context) {
    /** Local names bound to `one`/`maybeOne` by an import from db/client. */
    const helpers = new Set();
    return {
      ImportDeclaration(node) {
        if (typeof node.source.value !== 'string' || !/(^|\/)db\/client$/.test(node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (
            specifier.type === 'ImportSpecifier' &&
            specifier.imported.type === 'Identifier' &&
            HELPERS.has(specifier.imported.name)
          ) {
            helpers.add(specifier.local.name);
          }
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          !callee.computed &&
          callee.property.type === 'Identifier' &&
          STATEMENT.test(callee.property.name) &&
          isHandle(callee.object)
        ) {
          context.report({ node, message: SQL_LAYER_MESSAGE });
        } else if (callee.type === 'Identifier' && helpers.has(callee.name)) {
          context.report({ node, message: SQL_LAYER_MESSAGE });
        }
      },
    };
  },
};

export default { rules: { 'sql-in-repositories': rule } };
