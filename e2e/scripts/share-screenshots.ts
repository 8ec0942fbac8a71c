// Blind shares (issue 32 item 4) at 1280 × 800 and 390 × 844, dark and light: the reveal card
// with "Share it blind", the share page as a visitor sees it and hears its preview, the embedded
// player, the page as a listener hears it blind, once liked, and an expired link.
//   npx tsx e2e/scripts/share-screenshots.ts http://localhost:3000 /tmp/klang-share
import { mkdirSync } from 'node:fs';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { signUpListener } from '../support/listener';
import { SCREEN_SIZES, THEMES, shooter, themedContext } from './screenshot-kit';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-share'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const theme of THEMES) {
    for (const size of SCREEN_SIZES) {
      const shot = shooter(outDir, size, theme);
      // The clipboard stands in for the system share sheet, which headless Chromium lacks.
      const open = async (): Promise<BrowserContext> => {
        const context = await themedContext(browser, { base, size, theme });
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
        await context.addInitScript(() => {
          Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
        });
        return context;
      };

      const sharer = await open();
      const page = await sharer.newPage();
      await signUpListener(page, 'sh');
      await page.goto('/player');
      await page.getByRole('button', { name: 'Discover Music' }).click();
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      await page.waitForTimeout(2500);
      await page.getByRole('button', { name: 'Like' }).click();
      const reveal = page.getByRole('region', { name: 'Revealed track' });
      await reveal.waitFor();
      await page.waitForTimeout(1400);
      await shot(page, 'reveal-card');
      await reveal.getByRole('button', { name: 'Share it blind' }).click();
      await page.getByText('Link copied', { exact: true }).waitFor();
      await page.waitForTimeout(400);
      await shot(page, 'link-copied');
      const link = await page.evaluate(() => navigator.clipboard.readText());
      await sharer.close();

      const visitor = await open();
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(link);
      await visitorPage.getByRole('link', { name: 'Sign up free to hear it all' }).waitFor();
      await visitorPage.waitForTimeout(600);
      await shot(visitorPage, 'share-visitor');
      await visitorPage.getByRole('button', { name: 'Hear 30 seconds blind' }).click();
      await visitorPage.getByRole('button', { name: 'Pause the preview' }).waitFor();
      await visitorPage.waitForTimeout(3000);
      await shot(visitorPage, 'share-preview');
      // The embedded player, as a blog shows it in its frame (decision 0308).
      await visitorPage.goto(`${base}/embed/${new URL(link).pathname.split('/')[2] ?? ''}`);
      await visitorPage.getByRole('button', { name: 'Hear 30 seconds blind' }).waitFor();
      await visitorPage.setViewportSize({ width: size.isMobile ? 360 : 480, height: 200 });
      await visitorPage.waitForTimeout(400);
      await shot(visitorPage, 'embed');
      await visitorPage.setViewportSize(size.viewport);
      await visitorPage.goto('/s/AAAAAAAAAAAAAAAAAAAAAA');
      await visitorPage.getByRole('heading', { name: 'This share link has expired' }).waitFor();
      await visitorPage.waitForTimeout(400);
      await shot(visitorPage, 'share-expired');
      await visitor.close();

      const friend = await open();
      const friendPage = await friend.newPage();
      await signUpListener(friendPage, 'fr');
      await friendPage.goto(link);
      await friendPage.getByRole('button', { name: 'Hear it blind' }).click();
      const like = friendPage.getByRole('button', { name: 'Like it to find out who made it' });
      await like.waitFor();
      await friendPage.waitForTimeout(2500);
      await shot(friendPage, 'share-playing');
      await like.click();
      await friendPage.getByRole('region', { name: 'Revealed track' }).waitFor();
      await friendPage.waitForTimeout(600);
      await shot(friendPage, 'share-revealed');
      await friend.close();
    }
  }
} finally {
  await browser.close();
}
