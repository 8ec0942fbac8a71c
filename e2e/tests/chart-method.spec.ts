import { chartMethodSchema, catalogueEndpoints } from '@klang/domain';
import { expect, test } from '../support/fixtures';
import { callEntry } from '../support/contract';
import { signUpListener } from '../support/listener';
import { findCoveredControls } from '../support/shell';

const number = new Intl.NumberFormat('en-GB');

test("the FAQ's no-bots promise leads to the published method, with the seeded month's figures", async ({
  page,
  screens,
  request,
}) => {
  await screens.visit('/faq');
  const answer = page.locator('dd').filter({ hasText: 'no bots and no paid rankings' });
  await answer.getByRole('link', { name: /How the charts rank/ }).click();

  await expect(page).toHaveURL(/\/charts\/method$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How the charts rank');
  const method = chartMethodSchema.parse(
    await (await callEntry(request, catalogueEndpoints.chartMethod)).json(),
  );
  // The seed's listeners rated a month of deals, some of them in ways the trust weights discount.
  expect(method.figures.rated).toBeGreaterThan(0);
  for (const count of Object.values(method.figures.discountedBecause)) expect(count).toBeGreaterThan(0);

  // Each figure's first line is its number.
  const figures = page.getByRole('list', { name: 'Figures of the window' });
  const figure = (label: string) =>
    figures
      .getByRole('listitem')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('p')
      .first();
  await expect(figure('Blind deals played')).toHaveText(number.format(method.figures.deals));
  await expect(figure('Likes discounted')).toHaveText(number.format(method.figures.likesDiscounted));
  await expect(figure('Accounts excluded')).toHaveText(number.format(method.figures.accountsExcluded));
  await expect(page.getByText('Liked too quickly')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'How the deck deals' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Which likes count' })).toBeVisible();
  // The honest bound of blind (issue 27 item 9): the audio is recognisable; the rules defend the verdict.
  await expect(
    page.getByRole('heading', { level: 2, name: 'What blind hides, and what it cannot' }),
  ).toBeVisible();
  await screens.check('/charts/method');
});

test('a signed-in listener reads the method inside the app, and goes back to the charts', async ({
  page,
  screens,
}) => {
  await signUpListener(page, 'method');
  await screens.visit('/charts');
  await page.getByRole('link', { name: 'How the charts rank' }).click();

  await expect(page).toHaveURL(/\/charts\/method$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How the charts rank');
  // The app's navigation with Charts as the current place; nobody signed in is asked to log in.
  await expect(page.locator('a[aria-current="page"]:visible', { hasText: 'Charts' })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Launch App' })).toHaveCount(0);
  // The app's bars carry the forum entry: nothing floats over the figures or the links.
  await expect(page.getByRole('list', { name: 'Figures of the window' })).toBeVisible();
  expect(await findCoveredControls(page)).toEqual([]);
  await screens.check('/charts/method, signed in');

  await page.getByRole('link', { name: 'Back to the charts' }).click();
  await expect(page).toHaveURL(/\/charts$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Charts');
});
