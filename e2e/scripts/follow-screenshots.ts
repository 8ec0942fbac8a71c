// Follow means first deal (issue 32 item 5) at 1280 × 800 and 390 × 844, dark and light: the
// reveal card just after Follow, with what following means; and the track list of an artist with
// five followers, with the followers who heard a new track on day one.
// Needs the server's dev mailbox (DEV_MAILBOX=true): the followers confirm their email.
//   npx tsx e2e/scripts/follow-screenshots.ts http://localhost:3000 /tmp/klang-follow
import { mkdirSync } from 'node:fs';
import { accountsEndpoints, fillPath, followsEndpoints } from '@klang/domain';
import { chromium } from '@playwright/test';
import { setFeatured, signUp, unique, uploadReadyTrack } from '../support/hearing';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { SCREEN_SIZES, THEMES, shooter, themedContext } from './screenshot-kit';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-follow'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const url = (route: string) => new URL(route, base).toString();

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  // An artist with five followers from before their new track was featured.
  const artistName = unique('firstday');
  const setup = await browser.newContext({ baseURL: base });
  await signUp(setup.request, 'artist', artistName);
  const session = await setup.storageState();
  const state = (await (await setup.request.get(accountsEndpoints.accountSession.path)).json()) as {
    session: { user: { id: string } };
  };
  const me = state.session;
  for (let i = 0; i < 5; i++) {
    const fan = await browser.newContext({ baseURL: base });
    await signUp(fan.request, 'listener', unique(`fan${String(i)}`));
    const { method, path: followPath } = followsEndpoints.followArtist;
    await fan.request.fetch(fillPath(followPath, { artistId: me.user.id }), { method });
    await fan.close();
  }
  const trackId = await uploadReadyTrack(setup.request, 'Harbour Lights', 'Minimal / Deep Tech');
  await setFeatured(setup.request, trackId, true);
  await setup.close();

  for (const theme of THEMES) {
    for (const size of SCREEN_SIZES) {
      const tag = `${size.name}_${theme}`;
      const shot = shooter(outDir, size, theme);
      const context = await themedContext(browser, { size, theme });
      const page = await context.newPage();
      const suffix = `${Date.now().toString(36)}${tag}`.replaceAll('_', '');
      const signup = await page.request.fetch(url(accountsEndpoints.signupListener.path), {
        method: accountsEndpoints.signupListener.method,
        data: {
          username: `follow${suffix}`.slice(0, 30),
          email: `follow-${suffix}@example.com`,
          password: 'secret-pass',
        },
      });
      if (signup.status() !== 201) throw new Error(`signup failed: ${await signup.text()}`);
      await page.goto(url('/player'));
      await page.getByRole('button', { name: 'Discover Music' }).click();
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      await page.waitForTimeout(2500);
      await page.getByRole('button', { name: 'Like' }).click();
      const reveal = page.getByRole('region', { name: 'Revealed track' });
      await reveal.waitFor();
      await reveal.getByRole('button', { name: 'Follow' }).click();
      await reveal.getByRole('button', { name: 'Following' }).waitFor();
      await page.waitForTimeout(600);
      await shot(page, 'followed');
      await context.close();

      const artist = await browser.newContext({
        baseURL: base,
        viewport: size.viewport,
        isMobile: size.isMobile,
        storageState: session,
      });
      await artist.addInitScript((value) => {
        localStorage.setItem('theme', JSON.stringify({ state: { theme: value }, version: 0 }));
      }, theme);
      const artistPage = await artist.newPage();
      await artistPage.goto(url('/profile'));
      const row = artistPage.getByRole('listitem').filter({ hasText: 'Harbour Lights' });
      await row.waitFor({ timeout: 15_000 });
      await row.scrollIntoViewIfNeeded();
      await artistPage.waitForTimeout(800);
      await shot(artistPage, 'track-list');
      await artist.close();
    }
  }
} finally {
  await browser.close();
}
