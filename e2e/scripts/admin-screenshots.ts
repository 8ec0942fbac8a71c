// The team's share funnel (issue 32 item 6, decision 0309) at 1280 × 800 and 390 × 844, dark and
// light, as the demo account sees it once `npm run grant-admin -w @klang/server -- demo@klang.app`
// made it an admin (the server stopped meanwhile), and as a listener is turned away.
//   npx tsx e2e/scripts/admin-screenshots.ts http://localhost:3000 /tmp/klang-admin
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { accountsEndpoints, DEMO_ACCOUNT } from '@klang/domain';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { signUpListener } from '../support/listener';
import { SCREEN_SIZES, THEMES, shooter, themedContext } from './screenshot-kit';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-admin'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const theme of THEMES) {
    for (const size of SCREEN_SIZES) {
      const shot = shooter(outDir, size, theme);
      for (const who of ['admin', 'listener'] as const) {
        const context = await themedContext(browser, { base, size, theme });
        const page = await context.newPage();
        if (who === 'admin') {
          const login = await page.request.fetch(accountsEndpoints.login.path, {
            method: accountsEndpoints.login.method,
            data: { identifier: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
          });
          if (!login.ok()) throw new Error(`the demo login failed: ${String(login.status())}`);
        } else await signUpListener(page, 'ad');
        await page.goto('/admin/shares');
        await (
          who === 'admin'
            ? page.getByRole('heading', { name: 'Blind shares', level: 1 })
            : page.getByText('This page is for the Klang team')
        ).waitFor();
        await page.waitForTimeout(800);
        await shot(page, `funnel-${who}`, { fullPage: true });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
