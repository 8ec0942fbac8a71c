// A small local ESLint rule that keeps SQL in the repositories (decision 0215). It refuses, in
// the files the config gives it, every statement sent to the database: `query`/`exec` called on a
// database handle, and the `one`/`maybeOne` helpers of `db/client`. Which files may still hold
// SQL (`*.repository.ts`, tests, the database layer itself) is said once, in eslint.config.js.
// With type information (the repository's lint) a handle is known by its type, whatever its
// name: a `query` or `exec` declared by `db/client` or by a database driver. Without it (a rule
// test), by the names the server gives its handles.

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

/** Where a database handle's `query` and `exec` are declared: Klang's client and the drivers. */
const DATABASE_DECLARATIONS =
  /(\/server\/src\/db\/client\.ts|\/node_modules\/(@types\/pg|pg|@electric-sql\/pglite)\/)/;

/**
 * Whether the type checker says `node.method` is a database handle's: true, false, or undefined
 * when the file was parsed without type information.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {import('estree').Node} node
 * @param {string} method
 */
function isHandleByType(context, node, method) {
  /** @type {Partial<import('@typescript-eslint/utils').ParserServicesWithTypeInformation> | undefined} */
  const services = context.sourceCode.parserServices;
  if (!services?.program || !services.esTreeNodeToTSNodeMap) return undefined;
  const checker = services.program.getTypeChecker();
  const type = checker.getNonNullableType(
    checker.getTypeAtLocation(
      services.esTreeNodeToTSNodeMap.get(
        /** @type {import('@typescript-eslint/utils').TSESTree.Node} */ (/** @type {unknown} */ (node)),
      ),
    ),
  );
  const symbol = type.getProperty(method) ?? checker.getApparentType(type).getProperty(method);
  return (
    symbol?.declarations?.some((declaration) =>
      DATABASE_DECLARATIONS.test(declaration.getSourceFile().fileName.split('\\').join('/')),
    ) ?? false
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
          (isHandleByType(context, callee.object, callee.property.name) ?? isHandle(callee.object))
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
