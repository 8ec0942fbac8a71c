import type { Page } from '@playwright/test';

/** A control whose centre lies under a fixed or sticky element it is not part of. */
export interface CoveredControl {
  control: string;
  coveredBy: string;
}

/**
 * Every focusable control on the screen (inside the open dialog, when one is open), scrolled into
 * view one by one: is its centre under a `position: fixed` or `sticky` element that does not
 * contain it? That is a button a listener cannot press without scrolling or guessing (the forum
 * button over "Next", a toast over "Feature"). A control inside the fixed element itself (the
 * bottom navigation's links) is that element's own, and is judged only against the others.
 */
export async function findCoveredControls(
  page: Page,
  /** Only the controls inside this element (default: the open dialog, else the whole page). */
  within?: string,
): Promise<CoveredControl[]> {
  // No helper functions inside: tsx (the scripts' runner) would wrap them in a __name() call that
  // does not exist in the page.
  return page.evaluate((withinSelector) => {
    const FOCUSABLE =
      'a[href], button, input, select, textarea, summary, [tabindex], [role="slider"], [role="tab"], [role="switch"]';
    const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')];
    const scope: ParentNode | null = withinSelector
      ? document.querySelector(withinSelector)
      : (dialogs.at(-1) ?? document);
    if (!scope) throw new Error(`nothing matches ${withinSelector ?? ''}`);
    const covered: { control: string; coveredBy: string }[] = [];
    for (const control of scope.querySelectorAll<HTMLElement>(FOCUSABLE)) {
      if (control.tabIndex < 0 || control.matches(':disabled')) continue;
      if (control.closest('[aria-hidden="true"], [inert]')) continue;
      if (!control.checkVisibility({ visibilityProperty: true })) continue;
      const before = control.getBoundingClientRect();
      // Visually hidden: the skip link until focused (clipped away), a native input under a styled one.
      if (before.width <= 2 || before.height <= 2) continue;
      if (getComputedStyle(control).clipPath === 'inset(50%)') continue;
      control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const box = control.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || control.contains(hit)) continue;
      // The nearest fixed or sticky element the point lies in, if any.
      let pinned: Element | null = hit;
      while (pinned && !['fixed', 'sticky'].includes(getComputedStyle(pinned).position)) {
        pinned = pinned.parentElement;
      }
      if (pinned && !pinned.contains(control)) {
        const [name, over] = [control, pinned].map(
          (element) =>
            `<${element.tagName.toLowerCase()}> "${
              element.getAttribute('aria-label') ??
              (element.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40)
            }"`,
        );
        covered.push({ control: name ?? '', coveredBy: over ?? '' });
      }
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return covered;
  }, within);
}

/**
 * The top edge of what is fixed at the bottom of the screen: the phone's bottom navigation and
 * mini player, or the desktop's now-playing bar; the window's height when none shows.
 */
export async function bottomBarsTop(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bars = [...document.querySelectorAll('[aria-label="App"], [aria-label="Now playing"]')]
      .filter((bar) => bar.checkVisibility() && getComputedStyle(bar).position === 'fixed')
      .map((bar) => bar.getBoundingClientRect().top);
    return Math.min(window.innerHeight, ...bars);
  });
}
