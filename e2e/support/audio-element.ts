import type { Page } from '@playwright/test';

/**
 * The app's one audio element is never in the document (audio-engine.ts): note it on the window
 * when it first plays, so a journey can read where it is and what it plays.
 */
export async function exposeAudioElement(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const play = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'play')?.value as (
      this: HTMLMediaElement,
    ) => Promise<void>;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      (window as unknown as { klangAudio: HTMLMediaElement }).klangAudio = this;
      return play.call(this);
    };
  });
}

/** The noted audio element's source, position and whether it is paused. */
export const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = (window as unknown as { klangAudio?: HTMLMediaElement }).klangAudio;
    return { src: audio?.src ?? '', time: audio?.currentTime ?? 0, paused: audio?.paused ?? true };
  });
