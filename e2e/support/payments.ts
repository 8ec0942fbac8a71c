import type { Page } from '@playwright/test';

/** Fills the local checkout page's card form (Stripe's test numbers) and submits it. */
export async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Start trial' }).click();
}
