import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export interface Screens {
  /** Opens a path, waits for the app to render, and scans it for accessibility violations. */
  visit(path: string): Promise<void>;
  /** Scans the screen as it is now (after an in-app navigation or a dialog opening). */
  check(label?: string): Promise<void>;
  /** How many screens this journey scanned. */
  readonly scanned: number;
}

/**
 * Serious and critical axe violations fail the journey; the message names each rule and node. Used
 * through `screens`, or directly for a second page of the journey (another user in its own context).
 */
export async function scan(page: Page, label: string) {
  // A screen still building itself (the landing's tagline typing, whose actions fade in when it
  // ends) marks that with aria-busy; scanning it then races the fade that follows.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  // A screen caught mid-fade has blended colours that fail contrast for a moment; wait for every
  // finite animation or transition to end first (looping ones never do, so they are skipped),
  // and again while new ones start (a lazy route mounting with its fade after the first wait).
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 20; round++) {
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .filter((animation) => animation.playState === 'running');
      if (running.length === 0) {
        await frame();
        await frame();
        if (
          document
            .getAnimations()
            .every(
              (a) =>
                a.effect?.getComputedTiming().iterations === Infinity ||
                a.playState === 'finished' ||
                a.playState === 'idle',
            )
        )
          return;
        continue;
      }
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  // A toast whose timer ends during the scan starts its exit fade after the wait above; a leaving
  // toast (Radix marks it closed; only toasts carry a swipe direction) is no longer read by anyone.
  // Legacy mode runs axe in the page's own frames; the default opens a blank page per scan to
  // finish the run across origins, for frames of other origins, which no scanned screen has (the
  // blind embed's blog page is never scanned). Only the violations are read, so only they are
  // sent whole to this process. Measured: 0.7 s a scan instead of 1.8 (decision 0315).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .exclude('[data-state="closed"][data-swipe-direction]')
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`,
    )
    .join('\n');
  expect(blocking, `accessibility violations on ${label}:\n${report}`).toEqual([]);
}

export const test = base.extend<{ screens: Screens }>({
  screens: async ({ page }, use) => {
    let scanned = 0;
    await use({
      async visit(path) {
        await page.goto(path);
        await page.locator('#root > *').first().waitFor();
        await page.waitForLoadState('networkidle');
        await scan(page, path);
        scanned += 1;
      },
      async check(label) {
        await page.waitForLoadState('networkidle');
        await scan(page, label ?? page.url());
        scanned += 1;
      },
      get scanned() {
        return scanned;
      },
    });
  },
});

export { expect };
