import {
  analyticsEventSchema,
  healthResponseSchema,
  MESSAGES,
  healthEndpoints,
  analyticsEndpoints,
} from '@klang/domain';
import { expect, test } from '../support/fixtures';
import { callEntry } from '../support/contract';

const STATIC_PAGES: { path: string; heading: RegExp; text: RegExp }[] = [
  { path: '/how-it-works', heading: /how it works/i, text: /like/i },
  { path: '/roadmap', heading: /roadmap/i, text: /K-Points/ },
  { path: '/our-story', heading: /our story/i, text: /Klang/ },
  { path: '/terms', heading: /terms/i, text: /2 June 2025/ },
  { path: '/privacy', heading: /privacy/i, text: /analytics/i },
  { path: '/faq', heading: /frequently asked|faq/i, text: /Listeners/ },
  { path: '/about', heading: /about/i, text: /Klang/ },
];

test('health answers with the database and the providers', async ({ request }) => {
  const res = await callEntry(request, healthEndpoints.health);
  expect(res.status()).toBe(200);
  const body = healthResponseSchema.parse(await res.json());
  expect(body.database).toBe('pglite');
  expect(body.databaseReachable).toBe(true);
  expect(body.providers).toMatchObject({ storage: 'local', email: 'local' });
});

for (const page of STATIC_PAGES) {
  test(`static page ${page.path} renders its content`, async ({ page: browser, screens }) => {
    await screens.visit(page.path);
    await expect(browser.getByRole('heading', { level: 1 })).toContainText(page.heading);
    await expect(browser.locator('main')).toContainText(page.text);
    await expect(browser).toHaveTitle(/Klang/);
  });
}

test('the roadmap shows the three phases', async ({ page, screens }) => {
  await screens.visit('/roadmap');
  await expect(page.locator('main')).toContainText(/chat/i);
  await expect(page.locator('main')).toContainText(/group playlists/i);
  await expect(page.locator('main')).toContainText(/ticket/i);
});

test('the terms state the age rules', async ({ page, screens }) => {
  await screens.visit('/terms');
  await expect(page.locator('main')).toContainText(/13/);
  await expect(page.locator('main')).toContainText(/parent/i);
});

test('the footer greys out Careers, Press and Blog and does not link the Cookie Policy', async ({
  page,
  screens,
}) => {
  await screens.visit('/how-it-works');
  const footer = page.getByRole('contentinfo');
  for (const name of ['Careers', 'Press', 'Blog', 'Cookie Policy']) {
    await expect(footer.getByText(name, { exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Report a Bug' })).toHaveAttribute('href', '/report-bug');
});

test('a protected route sends a signed-out visitor to /login, replacing history', async ({
  page,
  screens,
}) => {
  await screens.visit('/how-it-works');
  await page.goto('/library');
  await expect(page).toHaveURL(/\/login$/);
  await screens.check('/login after redirect');
  // History was replaced: going back returns to the page before the protected route.
  await page.goBack();
  await expect(page).toHaveURL(/\/how-it-works$/);
});

test('the FAQ sections open and close', async ({ page, screens }) => {
  await screens.visit('/faq');
  const listeners = page.getByRole('button', { name: /Listeners/ });
  await expect(listeners).toBeVisible();
  const expanded = await listeners.getAttribute('aria-expanded');
  await listeners.click();
  await expect(listeners).toHaveAttribute('aria-expanded', expanded === 'true' ? 'false' : 'true');
  await screens.check('/faq toggled');
});

test('a screen that throws shows "Something went wrong" with a reload button', async ({ page, screens }) => {
  // Replace the route module of /about with one that throws while rendering.
  await page.route(/\/assets\/about-[\w-]+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'export function Component() { throw new Error("render failed"); }',
    }),
  );
  await page.goto('/about');
  await expect(page.getByText(MESSAGES.somethingWentWrong)).toBeVisible();
  await expect(page.getByRole('button', { name: MESSAGES.reloadPage })).toBeVisible();
  await screens.check('error fallback');
});

test('a route whose code fails to load shows "Page Failed to Load"', async ({ page }) => {
  await page.route(/\/assets\/privacy-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page.goto('/privacy');
  await expect(page.getByText(MESSAGES.pageFailedToLoad)).toBeVisible();
  await expect(page.getByRole('button', { name: MESSAGES.reloadPage })).toBeVisible();
});

test('page views reach the first-party analytics endpoint', async ({ page }) => {
  const views: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith(analyticsEndpoints.recordAnalyticsEvent.path) && req.method() === 'POST') {
      views.push(analyticsEventSchema.parse(req.postDataJSON()).path);
    }
  });
  await page.goto('/how-it-works');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Roadmap' }).click();
  await expect(page).toHaveURL(/\/roadmap$/);
  await expect.poll(() => views).toEqual(expect.arrayContaining(['/how-it-works', '/roadmap']));
});
