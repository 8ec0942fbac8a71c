import { readFileSync } from 'node:fs';
import { accountsEndpoints, DEMO_ACCOUNT, PACK_MESSAGES, paymentsEndpoints, PRO_PLAN } from '@klang/domain';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** A new artist who pays for Pro through the local checkout, as a person would. */
async function signUpProArtist(page: Page, tag: string) {
  const suffix = `${tag}${Date.now().toString(36)}`;
  const signup = await page.request.fetch(accountsEndpoints.signupArtist.path, {
    method: accountsEndpoints.signupArtist.method,
    data: {
      username: `pack${suffix}`,
      email: `pack-${suffix}@example.com`,
      password: 'secret-pass',
      artistName: `Pack ${suffix}`,
      bio: 'Press shots wanted',
    },
  });
  expect(signup.status()).toBe(201);
  // The return addresses must be Klang's own pages.
  const base = test.info().project.use.baseURL ?? '';
  const checkout = await page.request.post(paymentsEndpoints.createCheckout.path, {
    data: {
      price_id: PRO_PLAN.priceId,
      mode: PRO_PLAN.mode,
      success_url: `${base}/profile?upgrade=success`,
      cancel_url: `${base}/profile?upgrade=cancelled`,
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await page.request.post(url, {
    form: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Pack Tester' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

/**
 * Twenty photos of one made-up person, drawn in the page's canvas: a face with eyes and hair over
 * shoulders, in a different place and against a different wall in each.
 */
async function drawPhotos(
  page: Page,
  count: number,
): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const encoded = await page.evaluate(async (n) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 640;
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no canvas');
      g.fillStyle = `hsl(${(i * 37) % 360} 25% ${30 + (i % 4) * 8}%)`;
      g.fillRect(0, 0, 480, 640);
      const x = 200 + (i % 5) * 20;
      const y = 200 + (i % 3) * 20;
      g.fillStyle = '#1f1f26';
      g.beginPath();
      g.ellipse(x, y + 260, 190, 160, 0, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#d9a27e';
      g.fillRect(x - 22, y + 60, 44, 60);
      g.fillStyle = '#e0ac86';
      g.beginPath();
      g.ellipse(x, y, 62, 82, 0, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#2b1a10';
      g.beginPath();
      g.ellipse(x, y - 62, 66, 30, 0, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#222';
      for (const dx of [-22, 22]) {
        g.beginPath();
        g.arc(x + dx, y - 6, 7, 0, Math.PI * 2);
        g.fill();
      }
      g.fillStyle = '#8a3b32';
      g.fillRect(x - 18, y + 30, 36, 6);
      const blob = await new Promise<Blob | null>((resolve) => {
        canvas.toBlob(resolve, i % 2 ? 'image/png' : 'image/jpeg', 0.9);
      });
      if (!blob) throw new Error('no image');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      out.push(btoa(binary));
    }
    return out;
  }, count);
  return encoded.map((base64, i) => ({
    name: `me-${i + 1}.${i % 2 ? 'png' : 'jpg'}`,
    mimeType: i % 2 ? 'image/png' : 'image/jpeg',
    buffer: Buffer.from(base64, 'base64'),
  }));
}

async function shoot(page: Page, name: string) {
  const dir = process.env.PACK_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${test.info().project.name}-${name}.png`, fullPage: true });
}

test('an artist uploads 20 photos, trains a character, generates a press shot, downloads and deletes it', async ({
  page,
  screens,
}) => {
  test.setTimeout(120_000);
  await screens.visit('/');
  await signUpProArtist(page, test.info().project.name.slice(0, 1));
  await screens.visit('/creator-tools/klang-pack');
  await expect(page.getByRole('heading', { name: 'Your Characters' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Pack' }).click();
  const guide = page.getByRole('dialog', { name: 'Upload photos of yourself' });
  await expect(guide.getByText('Photos to avoid')).toBeVisible();
  await screens.check('upload guide');
  await shoot(page, 'guide');
  const uploadButton = guide.getByRole('button', { name: 'Upload images' });
  await expect(uploadButton).toBeDisabled();
  await guide.getByRole('checkbox', { name: /These photos are of me/ }).click();

  const photos = await drawPhotos(page, 20);
  const notAPhoto = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') };
  const chooser = page.waitForEvent('filechooser');
  await uploadButton.click();
  await (await chooser).setFiles([...photos, notAPhoto]);

  // A second later the guide gives way to the selection; the text file was dropped.
  const selection = page.getByRole('dialog', { name: 'Your selected images' });
  await expect(selection.getByText('20 of 70')).toBeVisible();
  await expect(selection.getByTestId('pack-quality')).toHaveText('GOOD');
  const generate = selection.getByRole('button', { name: /Generate/ });
  await expect(generate).toContainText('30 credits');
  await expect(generate).toBeDisabled();
  await selection.getByLabel('Character name').fill('Night Shift');
  await screens.check('selected images');
  await shoot(page, 'selection');
  await generate.click();

  await expect(page.getByText(PACK_MESSAGES.trainingStarted, { exact: true })).toBeVisible({
    timeout: 60_000,
  });
  const card = page.getByRole('listitem').filter({ hasText: 'Night Shift' });
  await expect(card.getByText('Training')).toBeVisible();
  await shoot(page, 'training');
  // The poll reads the status every 10 s; training takes a few seconds here.
  await expect(page.getByText(PACK_MESSAGES.ready, { exact: true })).toBeVisible({ timeout: 40_000 });
  await expect(card.getByText('Training')).toHaveCount(0);
  await screens.check('characters with a ready pack');
  await shoot(page, 'grid');

  await card.hover();
  await card.getByRole('button', { name: 'Create with Night Shift' }).click();
  await expect(page.getByRole('heading', { name: 'Generate Press Shot' })).toBeVisible();
  const prompt = 'moody club DJ shoot, neon lights';
  await page.getByLabel('Describe your press shot').fill(prompt);
  await page.getByRole('button', { name: 'Generate Press Shot' }).click();
  await expect(page.getByText(PACK_MESSAGES.generated, { exact: true })).toBeVisible({ timeout: 60_000 });
  const shots = page.getByRole('list', { name: 'Press shots' }).getByRole('listitem');
  await expect(shots).toHaveCount(1);
  await screens.check('generate press shot');
  await shoot(page, 'press-shots');

  const downloading = page.waitForEvent('download');
  await shots.first().getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('klang-pack-moody club DJ shoot,.jpg');
  const saved = readFileSync(await download.path());
  expect([saved[0], saved[1]]).toEqual([0xff, 0xd8]);

  await shots
    .first()
    .getByRole('button', { name: `Open press shot: ${prompt}` })
    .click();
  const viewer = page.getByRole('dialog', { name: 'Press shot' });
  await expect(viewer.getByText(prompt)).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Open in New Tab' })).toHaveAttribute('target', '_blank');
  await expect(viewer.getByRole('button', { name: 'Download' })).toBeVisible();
  await screens.check('press shot viewer');
  await shoot(page, 'viewer');
  await page.keyboard.press('Escape');

  await shots.first().getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete press shot' });
  await expect(confirm.getByText(PACK_MESSAGES.deleteConfirm)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(PACK_MESSAGES.deleted, { exact: true })).toBeVisible();
  await expect(shots).toHaveCount(0);
});

test('the demo account meets the restricted-action gate for upload when it creates a pack', async ({
  page,
  screens,
}) => {
  const login = await page.request.fetch(accountsEndpoints.login.path, {
    method: accountsEndpoints.login.method,
    data: { identifier: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  expect(login.ok()).toBe(true);
  await screens.visit('/creator-tools/klang-pack');
  // Before the first pack: examples of what the local engine makes.
  const examples = page.getByRole('region', { name: 'What a pack makes' });
  await expect(examples.getByRole('img')).toHaveCount(3);
  for (const img of await examples.getByRole('img').all()) {
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(768);
  }
  await page.getByRole('button', { name: 'Create Pack' }).click();
  const gate = page.getByRole('dialog', { name: 'Demo mode' });
  await expect(gate.getByText(PACK_MESSAGES.demoPhotos)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Upload photos of yourself' })).toHaveCount(0);
  await screens.check('restricted action gate');
  await shoot(page, 'demo-gate');
});
