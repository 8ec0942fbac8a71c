import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { findCoveredControls } from '../support/shell';

/**
 * What the screenshot scripts (`e2e/scripts/*-screenshots.ts`) share: the two sizes every screen
 * is looked at, a context in a given theme, and a shot that reports any control a fixed element
 * covers.
 */
export const SCREEN_SIZES = [
  { name: 'desk', viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;
export type ScreenSize = (typeof SCREEN_SIZES)[number];
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

/** A fresh context at `size`, its stored theme set before any page runs. */
export async function themedContext(
  browser: Browser,
  options: { base?: string; size: ScreenSize; theme: Theme },
): Promise<BrowserContext> {
  const { size, theme } = options;
  const context = await browser.newContext({
    ...(options.base !== undefined && { baseURL: options.base }),
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
  });
  await context.addInitScript((value) => {
    localStorage.setItem('theme', JSON.stringify({ state: { theme: value }, version: 0 }));
  }, theme);
  return context;
}

/** Shoots `<name>__<size>_<theme>.png` into `outDir` and prints it with any covered control. */
export function shooter(outDir: string, size: ScreenSize, theme: Theme) {
  return async (page: Page, name: string, options: { fullPage?: boolean } = {}) => {
    const file = path.join(outDir, `${name}__${size.name}_${theme}.png`);
    await page.screenshot({ path: file, ...options });
    const covered = await findCoveredControls(page).catch(() => []);
    console.log(file, covered.length ? JSON.stringify(covered) : '');
  };
}
