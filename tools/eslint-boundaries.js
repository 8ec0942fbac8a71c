// A small local ESLint rule that holds the module boundaries of docs/architecture.md.
// It resolves each relative import against the importing file and checks the pair of layers,
// so nobody has to remember which folder may import which.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** @param {string} file */
function classify(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  let m;
  if (rel.startsWith('domain/')) return { layer: 'domain' };
  if ((m = /^web\/src\/features\/([^/]+)\//.exec(rel))) return { layer: 'web-feature', name: m[1] };
  if (rel.startsWith('web/src/components/ui/')) return { layer: 'web-ui' };
  if (rel.startsWith('web/src/lib/')) return { layer: 'web-lib' };
  if (rel.startsWith('web/src/app/')) return { layer: 'web-app' };
  if ((m = /^server\/src\/modules\/([^/]+)\/(.+)$/.exec(rel))) {
    return { layer: 'server-module', name: m[1], file: m[2] };
  }
  if (rel.startsWith('server/src/providers/')) return { layer: 'server-provider' };
  if (rel.startsWith('server/src/plugins/')) return { layer: 'server-plugin' };
  if (rel.startsWith('server/src/lib/')) return { layer: 'server-lib' };
  if (rel.startsWith('server/src/jobs/')) return { layer: 'server-jobs' };
  // The demo seed composes the areas as main.ts does; the rest of db/ is the database layer.
  if (rel.startsWith('server/src/db/') && !rel.startsWith('server/src/db/seed/'))
    return { layer: 'server-db' };
  return { layer: 'other' };
}

/** How a message names each cross-cutting layer of the server. */
const CROSS_CUTTING = {
  'server-provider': 'providers are cross-cutting and import no module',
  'server-plugin': 'plugins are cross-cutting and import no module',
  'server-lib': 'lib/ is cross-cutting and imports no module',
  'server-jobs': 'jobs/ (the runner) is cross-cutting and imports no module',
  'server-db': 'db/ (the database layer) is cross-cutting and imports no module',
};

/**
 * @param {ReturnType<typeof classify>} from
 * @param {ReturnType<typeof classify>} to
 * @returns {string | null} why the import is refused, or null when it is allowed
 */
function violation(from, to) {
  switch (from.layer) {
    case 'domain':
      return to.layer === 'domain' ? null : 'domain imports nothing outside domain';
    case 'web-ui':
      return to.layer === 'web-ui'
        ? null
        : 'components/ui is the bottom layer: no feature, lib or app imports';
    case 'web-lib':
      return ['web-lib', 'web-ui', 'domain'].includes(to.layer) ? null : 'lib may import only lib and ui';
    case 'web-feature':
      if (to.layer === 'web-feature' && to.name !== from.name) {
        return `features do not import each other (${from.name} → ${to.name}); compose them in app/`;
      }
      return to.layer === 'web-app' ? 'features may not import app/' : null;
    case 'server-module':
      if (
        to.layer === 'server-module' &&
        to.name !== from.name &&
        !/\.(service|schema)(\.ts)?$/.test(to.file ?? '')
      ) {
        return `a module calls another module's service, never its ${to.file} (${from.name} → ${to.name})`;
      }
      return null;
    case 'server-provider':
    case 'server-plugin':
    case 'server-lib':
    case 'server-jobs':
    case 'server-db':
      return to.layer === 'server-module' ? CROSS_CUTTING[from.layer] : null;
    default:
      return null;
  }
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the import direction of docs/architecture.md' },
    schema: [],
  },
  /** @param {import('eslint').Rule.RuleContext} context */
  create(context) {
    const from = classify(context.filename);
    /** @param {import('estree').Node & { source?: unknown }} node */
    function check(node) {
      const source =
        node.source && typeof node.source === 'object' && 'value' in node.source
          ? node.source.value
          : undefined;
      if (typeof source !== 'string') return;
      if (source.startsWith('.')) {
        const target = path.resolve(path.dirname(context.filename), source);
        const why = violation(from, classify(target));
        if (why) context.report({ node, message: why });
        return;
      }
      // Its tests may use the test runner; the code that ships depends on zod and one package of
      // pure arithmetic (the A/B tests' Beta and normal functions, decision 0303), both of which
      // run unchanged in Node and the browser.
      const isTest = /\.test\.tsx?$/.test(context.filename);
      const allowed =
        source === 'zod' ||
        source.startsWith('zod/') ||
        source === 'simple-statistics' ||
        (isTest && source === 'vitest');
      if (from.layer === 'domain' && !allowed) {
        context.report({
          node,
          message: 'domain depends on zod and simple-statistics only: no Node, DOM or database packages',
        });
      }
      if (from.layer !== 'other' && from.layer.startsWith('web') && source.startsWith('@klang/server')) {
        context.report({ node, message: 'the web app talks to the server over HTTP only' });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-direction': rule } };
