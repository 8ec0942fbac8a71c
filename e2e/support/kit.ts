import { accountsEndpoints, DEMO_ACCOUNT } from '@klang/domain';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Signs the page in as the demo account, a Pro artist (the Kit's journeys start here). */
export async function signInDemo(page: Page) {
  const res = await page.request.fetch(accountsEndpoints.login.path, {
    method: accountsEndpoints.login.method,
    data: { identifier: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  expect(res.ok()).toBe(true);
}

/** Records every media element the page starts playing, in `window.__played`. */
export async function recordPlayback(page: Page) {
  await page.addInitScript(() => {
    const played: string[] = [];
    Object.assign(window, { __played: played });
    const descriptor = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'play');
    const play = descriptor?.value as (this: HTMLMediaElement) => Promise<void>;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.push(this.src);
      return play.call(this);
    };
  });
}
