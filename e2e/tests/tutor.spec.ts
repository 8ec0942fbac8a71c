import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TUTOR_MESSAGES, tutorEndpoints } from '@klang/domain';
import type { Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { expect, test } from '../support/fixtures';
import { recordPlayback, signInDemo } from '../support/kit';
import { bottomBarsTop, findCoveredControls } from '../support/shell';

// The voice journeys need a microphone: Chromium's fake device, granted without a prompt.
test.use({
  launchOptions: {
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [
      ...CHROMIUM_LAUNCH_OPTIONS.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
  permissions: ['microphone'],
});

const DRUMS = 'What are some tips for making my drums sound punchier?';

/**
 * A server that turns speech into text, as one with STT_BASE_URL set answers (the suite's server
 * has none): the microphone journeys below test the browser's audio path, not the transcription.
 */
async function serverHears(page: Page) {
  await page.route(`**${tutorEndpoints.voiceAgentHearing.path}`, (route) =>
    route.fulfill({ json: { speechToText: true } }),
  );
}

/** Every state the voice agent's circle shows, from the page's start (read with `circleStates`). */
async function recordCircleStates(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __circle: seen });
    new MutationObserver(() => {
      const state = document.querySelector('[role="status"][data-state]')?.getAttribute('data-state');
      if (state && seen.at(-1) !== state) seen.push(state);
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
}
const circleStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { __circle: string[] }).__circle);

/** Seconds of audio ffmpeg decodes from MP3 bytes: anything but real audio throws. */
function decodedSeconds(mp3: Buffer): number {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tutor-e2e-')), 'reply.mp3');
  writeFileSync(file, mp3);
  const ffmpeg = path.join(import.meta.dirname, '../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
  const raw = execFileSync(
    ffmpeg,
    ['-v', 'error', '-i', file, '-f', 's16le', '-ac', '1', '-ar', '8000', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return raw.length / 2 / 8000;
}

test('the tutor answers a text question with advice, tracks and audio; the conversation is kept, reopened and exported', async ({
  page,
  screens,
}) => {
  await recordPlayback(page);
  await signInDemo(page);
  await screens.visit('/creator-tools/tutorlab');
  await expect(page.getByRole('heading', { name: 'TutorLab' })).toBeVisible();
  const question = page.getByPlaceholder(TUTOR_MESSAGES.inputPlaceholder);

  await page.getByRole('button', { name: DRUMS }).click();
  await expect(question).toHaveValue(DRUMS);
  await page.getByRole('button', { name: 'Send question' }).click();

  const panel = page.getByRole('dialog', { name: DRUMS.slice(0, 50) + '...' });
  await expect(panel.getByText(TUTOR_MESSAGES.thinking)).toBeVisible();
  const answer = panel.getByRole('article', { name: 'Abel’s answer' });
  await expect(answer).toContainText('transient', { timeout: 30_000 });
  await expect(answer.getByText(TUTOR_MESSAGES.recommendedTracks)).toBeVisible();
  const links = answer.getByRole('link', { name: new RegExp(`^${TUTOR_MESSAGES.listenOnSpotify}`) });
  await expect(links.first()).toHaveAttribute('href', /^https:\/\/open\.spotify\.com\/search\//);
  await screens.check('TutorLab conversation');

  await answer.getByRole('button', { name: 'Play answer audio' }).click();
  await expect(answer.getByRole('button', { name: 'Pause answer audio' })).toBeVisible();
  const played = await page.evaluate(() => (window as unknown as { __played: string[] }).__played);
  expect(played).toHaveLength(1);
  expect(played[0]).toMatch(/^data:audio\/mpeg;base64,/);
  expect(decodedSeconds(Buffer.from(played[0]?.split(',')[1] ?? '', 'base64'))).toBeGreaterThan(5);
  await answer.getByRole('button', { name: 'Pause answer audio' }).click();
  await expect(answer.getByRole('button', { name: 'Play answer audio' })).toBeVisible();

  await panel.getByPlaceholder(TUTOR_MESSAGES.followUpPlaceholder).fill('Tell me more');
  await panel.getByRole('button', { name: 'Send follow-up question' }).click();
  await expect(panel.getByRole('article', { name: 'Abel’s answer' }).nth(1)).toContainText(
    'Building on what we covered about punchy drums',
    { timeout: 30_000 },
  );
  await expect(panel.getByText('4 messages')).toBeVisible();
  await panel.getByRole('button', { name: 'Close conversation' }).click();

  // Stored on the device: the conversation is still listed after a reload, and reopens.
  await page.reload();
  const listed = page.getByRole('button', {
    name: /^What are some tips for making my drums sound punch\.\.\. \d+ messages/,
  });
  await expect(listed).toContainText('4 messages');
  await listed.click();
  await expect(panel.getByRole('article', { name: 'Your message' }).nth(1)).toContainText('Tell me more');

  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export transcript' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('What are some tips for making -transcript.txt');
  const transcript = readFileSync(await download.path(), 'utf8');
  const entries = transcript.split('\n\n[');
  expect(transcript).toMatch(
    /^\[[^\]]+\] USER: What are some tips for making my drums sound punchier\?\n\n\[/,
  );
  expect(entries.length).toBeGreaterThanOrEqual(4);
  expect(transcript).toMatch(/\] AI: Here is how I would approach punchy drums:/);
  await panel.getByRole('button', { name: 'Close conversation' }).click();

  // Abel keeps its own list, in a fixed light look.
  await screens.visit('/creator-tools/abel');
  await expect(page.getByRole('heading', { name: 'Abel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent conversations' })).toHaveCount(0);
  const background = await page
    .locator('[data-theme="light"]')
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).toBe('rgb(247, 247, 249)');

  // Back on TutorLab, deleting the conversation removes it from the device.
  await page.goto('/creator-tools/tutorlab');
  const remove = page.getByRole('button', { name: /^Delete conversation: What are some tips/ });
  // On a phone the list's end sits under the bottom navigation until scrolled up, as a thumb would.
  await remove.evaluate((element) => {
    element.scrollIntoView({ block: 'center' });
  });
  await remove.click();
  await expect(page.getByRole('heading', { name: 'Recent conversations' })).toHaveCount(0);
});

test('a question the notes do not cover offers the nearest topics as buttons, clear of every bar, that ask them', async ({
  page,
  screens,
}) => {
  await signInDemo(page);
  await screens.visit('/creator-tools/tutorlab');
  const question = 'What is the capital of Mongolia?';
  await page.getByPlaceholder(TUTOR_MESSAGES.inputPlaceholder).fill(question);
  await page.getByRole('button', { name: 'Send question' }).click();
  const panel = page.getByRole('dialog', { name: question });
  const topics = panel.getByRole('list', { name: TUTOR_MESSAGES.suggestedTopics });
  await expect(topics.getByRole('button')).toHaveCount(3, { timeout: 30_000 });
  expect(await findCoveredControls(page)).toEqual([]);
  await screens.check('tutor topics offered');

  const first = topics.getByRole('button').first();
  const title = (await first.textContent()) ?? '';
  await first.click();
  // The button asks its topic in the same conversation, and the tutor answers it.
  await expect(panel.getByRole('article', { name: 'Your message' }).last()).toContainText(title);
  await expect(panel.getByRole('article', { name: 'Abel’s answer' }).last()).toContainText(
    'Here is how I would approach',
    { timeout: 30_000 },
  );
});

test('without speech recognition in the browser, the microphone says so', async ({ page }) => {
  await page.addInitScript(() => {
    // Only the browser API is removed, as on browsers that have none.
    Reflect.deleteProperty(window, 'SpeechRecognition');
    Reflect.deleteProperty(window, 'webkitSpeechRecognition');
  });
  await signInDemo(page);
  await page.goto('/creator-tools/tutorlab');
  await page.getByRole('button', { name: 'Start a voice session' }).click();
  await expect(page.getByRole('alert')).toContainText(TUTOR_MESSAGES.recognitionUnsupported);
  await page.getByRole('button', { name: 'Dictate your question' }).click();
  await expect(page.getByRole('alert')).toContainText(TUTOR_MESSAGES.recognitionUnsupported);
});

test('the voice session listens on the fake microphone, answers aloud and is saved on close', async ({
  page,
  screens,
}) => {
  // A stand-in for the browser's speech recognition only (Chromium's needs Google's servers):
  // it starts, reports what it was set up with, and hears one question the test says.
  await page.addInitScript(() => {
    const state = {
      configs: [] as object[],
      instance: null as null | Record<string, unknown>,
      constraints: [] as unknown[],
    };
    Object.assign(window, { __speech: state });
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = (constraints) => {
      state.constraints.push(constraints);
      return getUserMedia(constraints);
    };
    class StandIn {
      lang = '';
      continuous = false;
      interimResults = false;
      onstart: (() => void) | null = null;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        state.configs.push({
          lang: this.lang,
          continuous: this.continuous,
          interimResults: this.interimResults,
        });
        state.instance = this as unknown as Record<string, unknown>;
        setTimeout(() => this.onstart?.(), 10);
      }
      stop() {
        setTimeout(() => this.onend?.(), 10);
      }
      abort() {
        this.stop();
      }
    }
    Object.assign(window, { webkitSpeechRecognition: StandIn, SpeechRecognition: StandIn });
  });
  await recordPlayback(page);
  await signInDemo(page);
  await page.goto('/creator-tools/tutorlab');
  await page.getByRole('button', { name: 'Start a voice session' }).click();

  const overlay = page.getByRole('dialog', { name: 'Voice session' });
  const circle = overlay.getByRole('status');
  await expect(circle).toHaveText('ready');
  const constraints = await page.evaluate(
    () => (window as unknown as { __speech: { constraints: unknown[] } }).__speech.constraints,
  );
  expect(constraints).toEqual([
    { audio: { sampleRate: 44_100, echoCancellation: true, noiseSuppression: true, autoGainControl: true } },
  ]);

  await overlay.getByRole('button', { name: 'Start listening' }).click();
  await expect(circle).toHaveText('listening');
  await screens.check('voice session listening');
  const configs = await page.evaluate(
    () => (window as unknown as { __speech: { configs: object[] } }).__speech.configs,
  );
  expect(configs[0]).toEqual({ lang: 'en-US', continuous: true, interimResults: true });

  // An interim result followed by silence is taken as said after 1.5 s.
  await page.evaluate(() => {
    const speech = (window as unknown as { __speech: { instance: { onresult: (event: unknown) => void } } })
      .__speech;
    speech.instance.onresult({
      resultIndex: 0,
      results: {
        length: 1,
        0: { isFinal: false, length: 1, 0: { transcript: 'how do I make a punchy kick' } },
      },
    });
  });
  await expect(circle).toHaveText('processing', { timeout: 5000 });
  await expect(circle).toHaveText('speaking', { timeout: 30_000 });
  await expect(overlay).toContainText('You: how do I make a punchy kick');
  const played = await page.evaluate(() => (window as unknown as { __played: string[] }).__played);
  expect(played[0]).toMatch(/^data:audio\/mpeg;base64,/);

  await overlay.getByRole('button', { name: 'Close voice session' }).click();
  await expect(overlay).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^how do I make a punchy kick/ })).toContainText(
    '2 messages',
  );
});

test('the live voice agent connects through the official SDK with the microphone where the server hears, answers and stops', async ({
  page,
  screens,
}) => {
  await serverHears(page);
  await signInDemo(page);
  await screens.visit('/creator-tools/test-voice');
  const circle = page.getByRole('status').filter({ hasText: /^(ready|listening|speaking|processing)$/ });
  await expect(circle).toHaveText('ready');
  await page.getByRole('button', { name: 'Start talking' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Hi, I'm Abel, Klang's production tutor.")).toBeVisible();
  await expect(circle).toHaveText(/^(listening|speaking)$/);
  // The SDK's audio processors come from Klang's own paths (spec 002 §9): the page's policy
  // refuses the blob: and data: URLs the SDK would otherwise use, so connecting proves it.
  for (const name of ['rawAudioProcessor', 'audioConcatProcessor']) {
    const script = await page.request.get(`/worklets/${name}.js`);
    expect(script.headers()['content-type']).toMatch(/javascript/);
    expect(await script.text()).toContain(`registerProcessor("${name}"`);
  }
  const policy = (await page.request.get('/creator-tools/test-voice')).headers()['content-security-policy'];
  expect(policy).toMatch(/script-src 'self';/);
  await screens.check('voice agent connected');

  await page.getByLabel('Type a message to Abel').fill('How do I make my drums punchier?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('transient', {
    timeout: 20_000,
  });

  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(circle).toHaveText('ready');
  await expect(page.getByRole('button', { name: 'Start talking' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('with nothing that hears, the voice agent opens typed, says why, never says listening, and shows each answer above the bars', async ({
  page,
  screens,
}) => {
  // The suite's server has no speech to text; the browser's recognition is removed as well.
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'SpeechRecognition');
    Reflect.deleteProperty(window, 'webkitSpeechRecognition');
  });
  await recordCircleStates(page);
  await signInDemo(page);
  await screens.visit('/creator-tools/test-voice');
  await expect(page.getByText(TUTOR_MESSAGES.voiceAgentTypedOnly)).toBeVisible();
  const box = page.getByLabel('Type a message to Abel');
  await expect(box).toBeFocused({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Start talking' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Speak your message' })).toHaveCount(0);
  const greeting = page.getByText("Hi, I'm Abel, Klang's production tutor.");
  await expect(greeting).toHaveCount(1);
  // The box is on screen, clear of the bars below.
  expect(((await box.boundingBox())?.y ?? Infinity) + 44).toBeLessThanOrEqual(await bottomBarsTop(page));
  await screens.check('voice agent, typed only');

  await box.fill('How do I make my drums punchier?');
  await page.getByRole('button', { name: 'Send message' }).click();
  const answer = page.getByRole('list', { name: 'Conversation' }).getByRole('listitem').last();
  await expect(answer).toContainText('transient', { timeout: 20_000 });
  // The answer is brought into view: its start on screen, above the bottom navigation or the
  // now-playing bar, below the phone's sticky top bar.
  await expect
    .poll(async () => {
      const top = (await answer.boundingBox())?.y ?? -1;
      return top >= 56 && top + 24 <= (await bottomBarsTop(page));
    })
    .toBe(true);
  // Recommendations name their tracks: a title and an artist on every link, never a bare
  // 'Listen on Spotify'.
  const recommended = page.getByRole('link', { name: /^Listen on Spotify: “.+” by .+$/ });
  await expect(recommended.first()).toBeVisible();
  await expect(page.getByRole('link', { name: TUTOR_MESSAGES.listenOnSpotify, exact: true })).toHaveCount(0);
  const names = await recommended.allInnerTexts();
  expect(new Set(names).size).toBe(names.length);
  await screens.check('voice agent answered');
  expect(await findCoveredControls(page)).toEqual([]);

  // Stopped and opened again: a new conversation with one greeting, not the old one's too.
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('button', { name: 'Type to Abel' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(1);
  await expect(greeting).toHaveCount(1);
  expect(await circleStates(page)).not.toContain('listening');
});

test("the live voice agent resamples from Klang's own worklet where the browser cannot open audio at its rate", async ({
  page,
}) => {
  // Firefox's answer: no sample-rate constraint. The SDK then loads a resampler, from jsDelivr
  // unless told otherwise; the page's policy would refuse that, and offline there is no jsDelivr.
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const supported = devices.getSupportedConstraints.bind(devices);
    devices.getSupportedConstraints = () => ({ ...supported(), sampleRate: false });
  });
  const offOrigin: string[] = [];
  page.on('request', (request) => {
    if (!['localhost', '127.0.0.1'].includes(new URL(request.url()).hostname)) offOrigin.push(request.url());
  });
  // The SDK says so when it takes the resampling branch; worklet fetches are not page requests.
  const resampling = page.waitForEvent('console', (message) => message.text().includes('resampling to'));
  await serverHears(page);
  await signInDemo(page);
  await page.goto('/creator-tools/test-voice');
  await page.getByRole('button', { name: 'Start talking' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Hi, I'm Abel, Klang's production tutor.")).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Connected with the resampler loaded: from jsDelivr the policy (and being offline) refuses it.
  await resampling;
  expect(offOrigin).toEqual([]);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Start talking' })).toBeVisible();
});

test('with no microphone the voice agent says so in the spec’s words and Abel is typed to instead', async ({
  page,
  screens,
}) => {
  // A machine with no input device: the browser's own error is 'Requested device not found'.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
  });
  await serverHears(page);
  await signInDemo(page);
  await screens.visit('/creator-tools/test-voice');
  await page.getByRole('button', { name: 'Start talking' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Microphone not available. Please check your microphone connection.');
  await expect(page.getByText('Requested device not found')).toHaveCount(0);
  await screens.check('voice agent without a microphone');

  await page.getByRole('button', { name: 'Type to Abel instead' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Hi, I'm Abel, Klang's production tutor.")).toBeVisible();
  await page.getByLabel('Type a message to Abel').fill('How do I make my drums punchier?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('transient', {
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Start talking' })).toBeVisible();
});

test('in a typed session the browser’s speech recognition speaks to Abel: its transcript is the message', async ({
  page,
}) => {
  // Chromium in CI has no speech service, so the browser's recognition is stood in for by a
  // minimal one that hears one sentence; the page's own code path is the one a real browser runs.
  await page.addInitScript(() => {
    class HeardOnce {
      lang = '';
      continuous = false;
      interimResults = false;
      onstart: (() => void) | null = null;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        setTimeout(() => {
          this.onstart?.();
        }, 50);
        // Heard a moment later, as a person finishes a sentence.
        setTimeout(() => {
          const result = Object.assign([{ transcript: 'How do I make my drums punchier?' }], {
            isFinal: true,
          });
          this.onresult?.({ resultIndex: 0, results: [result] });
          this.onend?.();
        }, 500);
      }
      stop() {
        this.onend?.();
      }
      abort() {
        this.onend?.();
      }
    }
    Object.assign(window, { SpeechRecognition: HeardOnce, webkitSpeechRecognition: HeardOnce });
  });
  await recordCircleStates(page);
  await signInDemo(page);
  // The server has no speech to text: the page opens typed, and says the browser types what is said.
  await page.goto('/creator-tools/test-voice');
  await expect(page.getByText(TUTOR_MESSAGES.voiceAgentBrowserEars)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 20_000 });
  expect(await circleStates(page)).not.toContain('listening');
  await page.getByRole('button', { name: 'Speak your message' }).click();
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation).toContainText('You: How do I make my drums punchier?');
  await expect(conversation).toContainText('transient', { timeout: 20_000 });
  // 'listening' only while the browser's recognition listened.
  expect(await circleStates(page)).toContain('listening');
});
