import { EyeOff, Heart, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { safeStorage, STORAGE_KEYS } from '../../../lib/storage';
import { DoorGenres } from './taste-panel';

const STEPS = [
  {
    Icon: EyeOff,
    title: 'Listen blind',
    body: 'No names, no covers, no hype. Just the sound.',
  },
  {
    Icon: Heart,
    title: 'Like to reveal',
    body: 'Like a track and its artist and title appear. Skip, and nobody knows.',
  },
  {
    Icon: Sparkles,
    title: 'Earn K-Points',
    body: 'Every swipe, like and minute of listening counts toward your tier.',
  },
] as const;

/** Whether this browser's listener still has Discover's introduction to see, and a way to end it. */
export function useDiscoverIntro(): { isShown: boolean; dismiss: () => void } {
  const [isShown, setIsShown] = useState(() => safeStorage.get(STORAGE_KEYS.discoverIntroSeen) === null);
  return {
    isShown,
    dismiss: () => {
      safeStorage.set(STORAGE_KEYS.discoverIntroSeen, '1');
      setIsShown(false);
    },
  };
}

/**
 * The door's optional genre pick (issue 29, decision 0285), under the first-time introduction's
 * controls so that "Discover Music" stays in the first screen on a phone.
 */
export function DiscoverDoor() {
  return (
    <section
      aria-labelledby="discover-door-title"
      className="flex w-full max-w-md flex-col items-center gap-2 rounded-2xl border border-line bg-surface/80 px-4 py-3 md:max-w-2xl"
    >
      <h2 id="discover-door-title" className="text-sm font-semibold text-fg">
        What do you like? <span className="font-normal text-muted">Optional: the deck starts there</span>
      </h2>
      <DoorGenres isCentred />
    </section>
  );
}

/**
 * A first-time listener's introduction to Discover (issue 17): three short points on the start
 * screen, shown once; "Skip intro" or starting to listen ends it for good.
 */
export function DiscoverIntro({ onSkip }: { onSkip: () => void }) {
  return (
    <section
      aria-labelledby="discover-intro-title"
      className="flex w-full max-w-md flex-col gap-3 md:max-w-2xl"
    >
      <h2 id="discover-intro-title" className="sr-only">
        How Discover works
      </h2>
      <ol className="flex flex-col gap-2 text-left md:grid md:grid-cols-3 md:gap-3">
        {STEPS.map(({ Icon, title, body }, index) => (
          <li
            key={title}
            className="flex items-start gap-3.5 rounded-2xl border border-line bg-surface/80 px-4 py-3 motion-safe:animate-rise-in motion-safe:[animation-fill-mode:backwards] md:flex-col md:gap-3 md:p-5"
            style={{ animationDelay: `${String(index * 90)}ms` }}
          >
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/15 text-accent">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="flex flex-col gap-0.5">
              <span className="font-semibold text-fg">{title}</span>
              <span className="text-sm text-muted">{body}</span>
            </span>
          </li>
        ))}
      </ol>
      <button
        type="button"
        onClick={onSkip}
        className="self-center rounded-full px-3 py-1.5 text-sm font-medium text-muted underline-offset-4 hover:text-fg hover:underline"
      >
        Skip intro
      </button>
    </section>
  );
}
