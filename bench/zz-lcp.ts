import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const base = 'http://localhost:3222';
const suffix = Date.now().toString(36);
const r = await fetch(new URL('/api/auth/signup/listener', base), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: `lhd${suffix}`, email: `lhd-${suffix}@example.com`, password: 'secret-pass' }) });
const cookie = r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const page of (process.env.P ?? '/player').split(',')) {
const result = await lighthouse(new URL(page, base).toString(), { port: chrome.port, onlyCategories: ['performance'], output: 'json', extraHeaders: { Cookie: cookie } });
const a = result!.lhr.audits;
console.log(page, result!.lhr.categories.performance?.score);
console.log(JSON.stringify((a['largest-contentful-paint-element']?.details as any)?.items?.[0]?.items?.[0]?.node?.snippet));
console.log(JSON.stringify((a['largest-contentful-paint-element']?.details as any)?.items?.[1]?.items ?? null));
const chains = (a['network-dependency-tree-insight'] ?? a['critical-request-chains'])?.details as any;
console.log(JSON.stringify(chains).slice(0, 3000));
}
chrome.kill();
