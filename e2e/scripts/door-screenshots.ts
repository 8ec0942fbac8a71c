// Screenshots of the screens issue 17's door work touched, at 1280 px and 390 px, dark and light:
//   npx tsx e2e/scripts/door-screenshots.ts http://localhost:3000 /tmp/shots
import { accountsEndpoints } from '@klang/domain';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

const [base = 'http://localhost:3000', outDir = '/tmp/klang-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const url = (route: string) => new URL(route, base).toString();

/** Three seconds of a two-tone WAV, so the upload dialog has a real file to decode. */
function toneWav(seconds = 3, rate = 22_050): Buffer {
  const samples = seconds * rate;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const envelope = Math.sin((Math.PI * i) / samples) * (0.4 + 0.6 * Math.abs(Math.sin(i / 2000)));
    const value = envelope * Math.sin((2 * Math.PI * 220 * i) / rate);
    data.writeInt16LE(Math.round(value * 30_000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

async function signUp(page: Page, kind: 'listener' | 'artist', tag: string) {
  const suffix = `${Date.now().toString(36)}${tag}`;
  const signup = kind === 'artist' ? accountsEndpoints.signupArtist : accountsEndpoints.signupListener;
  const res = await page.request.fetch(url(signup.path), {
    method: signup.method,
    data: {
      username: `shot${suffix}`.slice(0, 30),
      email: `shot-${suffix}@example.com`,
      password: 'secret-pass',
      ...(kind === 'artist' && { artistName: 'Night Shift', bio: 'Warehouse grooves.' }),
    },
  });
  if (res.status() !== 201) throw new Error(`signup failed: ${await res.text()}`);
}

async function likeInDiscover(page: Page, times: number) {
  await page.goto(url('/player'));
  await page.getByRole('button', { name: 'Discover Music' }).click();
  for (let i = 0; i < times; i++) {
    await page.getByRole('button', { name: 'Like' }).click();
    const card = page.getByRole('region', { name: 'Revealed track' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await card.getByRole('button', { name: 'Added' }).waitFor();
    await card.getByRole('button', { name: 'Next' }).click();
    await card.waitFor({ state: 'detached' });
  }
}

const only = process.env.SHOTS?.split(',');
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const theme of ['dark', 'light'] as const) {
    for (const size of [
      { name: 'desktop', width: 1280, height: 800 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      const newContext = async (): Promise<BrowserContext> => {
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          ...(size.name === 'phone' && { isMobile: true, hasTouch: true }),
        });
        await context.addInitScript((chosen) => {
          localStorage.setItem('theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
        }, theme);
        return context;
      };
      const prefix = `${size.name}_${theme}`;
      const shot = async (page: Page, name: string, fullPage = true) => {
        if (only && !only.includes(name)) return;
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        const file = path.join(outDir, `${prefix}_${name}.png`);
        await page.screenshot({ path: file, fullPage });
        console.log(file);
      };

      // The public side.
      const visitor = await (await newContext()).newPage();
      await visitor.goto(url('/'));
      await visitor.getByRole('link', { name: 'Launch App' }).waitFor();
      await shot(visitor, 'landing-hero', false);
      const demo = visitor.getByRole('heading', { name: 'All about the music' });
      await demo.scrollIntoViewIfNeeded();
      await visitor.getByRole('button', { name: 'Play' }).click();
      await visitor.getByText('Unknown artist').waitFor();
      await visitor.waitForTimeout(800);
      await shot(visitor, 'landing-demo-blind', false);
      await visitor.getByRole('button', { name: 'Like', exact: true }).click();
      await visitor.getByText('Revealed', { exact: true }).waitFor();
      await shot(visitor, 'landing-demo-revealed', false);
      await visitor.getByRole('button', { name: 'Pause' }).click();
      for (const route of ['/account-type', '/login', '/how-it-works']) {
        await visitor.goto(url(route));
        await shot(visitor, route.slice(1));
      }
      if (size.name === 'phone') {
        await visitor.getByRole('button', { name: 'Menu' }).click();
        await visitor.getByRole('navigation', { name: 'Site' }).waitFor();
        await shot(visitor, 'phone-menu', false);
      }
      await visitor.context().close();

      // A listener: profile (points, invites), charts, library.
      const listener = await (await newContext()).newPage();
      await signUp(listener, 'listener', `${size.name[0]}${theme[0]}`);
      await likeInDiscover(listener, 2);
      await listener.goto(url('/profile'));
      await listener.getByText('invites left').waitFor();
      await shot(listener, 'profile-listener');
      await listener.getByRole('button', { name: 'Loyalty Card' }).click();
      await listener.getByRole('dialog').waitFor();
      await shot(listener, 'loyalty-card', false);
      await listener.keyboard.press('Escape');
      const invite = await listener.locator('[title^="http"]').first().getAttribute('title');
      await listener.goto(url('/charts'));
      await listener.getByRole('list', { name: /chart$/ }).waitFor();
      await shot(listener, 'charts');
      await listener.goto(url('/library'));
      await listener.getByRole('list', { name: 'Your library' }).waitFor();
      await shot(listener, 'library');
      await listener
        .getByRole('button', { name: /^Remove / })
        .first()
        .click();
      await listener.getByRole('button', { name: 'Undo' }).waitFor();
      await shot(listener, 'library-undo', false);
      await listener.context().close();

      // The invite as the friend sees it.
      if (invite) {
        const friend = await (await newContext()).newPage();
        await friend.goto(invite);
        await friend.getByText('invited you').waitFor();
        await shot(friend, 'signup-invited');
        await friend.context().close();
      }

      // A new artist: first steps, the upload dialog with a decoded file.
      const artist = await (await newContext()).newPage();
      await signUp(artist, 'artist', `a${size.name[0]}${theme[0]}`);
      await artist.goto(url('/profile'));
      await artist.getByRole('heading', { name: 'Start with your music' }).waitFor();
      await shot(artist, 'artist-first-steps');
      await artist.getByRole('button', { name: 'Upload your first track' }).click();
      await artist.getByRole('dialog').waitFor();
      await artist.locator('input[type=file]').first().setInputFiles({
        name: 'first-take.wav',
        mimeType: 'audio/wav',
        buffer: toneWav(),
      });
      await artist.getByRole('img', { name: /Waveform of first-take.wav/ }).waitFor();
      await artist.getByLabel('Title').fill('First Take');
      await shot(artist, 'upload-dialog', false);
      await artist.context().close();
    }
  }
} finally {
  await browser.close();
}
