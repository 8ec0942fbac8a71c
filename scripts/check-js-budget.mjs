// The JavaScript a first visit downloads before its screen can run, as the server sends it
// (precompress-web-dist.mjs's gzip, level 9; files under 1 KiB go uncompressed and count in full).
// The budget (issue 17: 170 KiB) holds for the first route of a visit, the landing page, and
// `npm run build` fails over it (`npm start`'s own build only warns). The two screens a listener
// opens first are measured beside it.
//   node scripts/check-js-budget.mjs            check web/dist
//   node scripts/check-js-budget.mjs --record   also write bench/results/first-route-js.json
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const BUDGET_KIB = 170;
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web', 'dist');
const assets = path.join(dist, 'assets');

// The lazy chunks a route loads, named after their modules (routes/charts.tsx -> charts-<hash>.js):
// its screen, and for the signed-in app the app's layout (sidebar, bars, player).
const ROUTES = { '/': ['home'], '/player': ['app-layout', 'player'], '/charts': ['app-layout', 'charts'] };
const BUDGETED = new Set(['/']);

/** The chunks a chunk imports statically (import ... from './x.js'); dynamic import() is not followed. */
function staticImports(file) {
  const code = readFileSync(path.join(assets, file), 'utf8');
  const found = new Set();
  for (const match of code.matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g,
  )) {
    if (match[1]) found.add(match[1]);
  }
  return found;
}

/** The file and everything it pulls in before it can run. */
function closure(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (!file || seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

/** What the server sends for a file: its precompressed copy where there is one, else the file. */
function sentBytes(file) {
  const full = path.join(assets, file);
  return statSync(existsSync(`${full}.gz`) ? `${full}.gz` : full).size;
}

const gzipKiB = (files) => [...files].reduce((total, file) => total + sentBytes(file), 0) / 1024;

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]);
if (entry.length === 0) throw new Error('no module script in web/dist/index.html');
const files = readdirSync(assets);

let isOver = false;
const routes = Object.entries(ROUTES).map(([route, names]) => {
  const lazyChunks = names.map((name) => {
    const found = files.find((file) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(file));
    if (!found) throw new Error(`no chunk for ${route} (${name}-<hash>.js) in web/dist/assets`);
    return found;
  });
  const chunks = closure([...entry, ...lazyChunks]);
  const kib = Math.round(gzipKiB(chunks) * 10) / 10;
  const isBudgeted = BUDGETED.has(route);
  if (isBudgeted && kib > BUDGET_KIB) isOver = true;
  console.log(
    `${route}: ${kib} KiB of JavaScript (gzip) in ${chunks.size} chunks${isBudgeted ? `, budget ${BUDGET_KIB} KiB` : ''}`,
  );
  return { route, gzipKiB: kib, isBudgeted, chunks: [...chunks].sort() };
});

if (process.argv.includes('--record')) {
  writeFileSync(
    path.join(root, 'bench', 'results', 'first-route-js.json'),
    `${JSON.stringify({ budgetKiB: BUDGET_KIB, routes, measuredAt: new Date().toISOString() }, null, 2)}\n`,
  );
}
if (isOver) {
  console.error(`The landing page's JavaScript is over the ${BUDGET_KIB} KiB budget (gzip).`);
  // JS_BUDGET=warn (npm start's build, scripts/build-web-if-needed.mjs) reports without failing.
  if (process.env.JS_BUDGET !== 'warn') process.exit(1);
}
