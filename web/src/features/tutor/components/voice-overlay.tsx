import { Mic, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '../../../components/ui/cn';
import type { Message } from '../state/conversations';
import { AnswerMarkdown } from './answer-markdown';
import type { VoiceLabel } from '../state/use-voice-session';

const CIRCLE: Record<VoiceLabel, string> = {
  ready: 'bg-surface text-fg border border-line',
  listening: 'bg-primary text-on-primary',
  processing: 'bg-surface text-fg border-4 border-info-text',
  speaking: 'bg-surface text-fg border-4 border-success',
};

/**
 * The full-screen voice session (spec 002 §2.4): the circle with its state, a close button, and a
 * mic button to start listening when idle; the last exchange is shown as it happens.
 */
export function VoiceOverlay({
  label,
  isIdle,
  error,
  messages,
  onListen,
  onClose,
}: {
  label: VoiceLabel;
  isIdle: boolean;
  error: string | null;
  messages: Message[];
  onListen: () => void;
  onClose: () => void;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);
  const lastUser = messages.findLast((m) => m.type === 'user');
  const lastAi = messages.findLast((m) => m.type === 'ai');
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Voice session"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-8 bg-bg/95 px-6 text-fg backdrop-blur"
    >
      <button
        ref={closeButton}
        type="button"
        onClick={onClose}
        aria-label="Close voice session"
        className="absolute top-4 right-4 grid size-11 place-items-center rounded-full hover:bg-fg/10"
      >
        <X aria-hidden="true" className="size-6" />
      </button>
      <div className="relative grid place-items-center">
        {/* The halo pulses while the session hears or speaks; the label itself stays steady to read. */}
        <span
          aria-hidden="true"
          className={cn(
            'absolute inset-0 rounded-full bg-primary/30',
            (label === 'listening' || label === 'speaking') && 'animate-ping',
            label === 'ready' && 'hidden',
          )}
        />
        <div
          role="status"
          aria-live="polite"
          data-state={label}
          className={cn(
            'relative grid size-56 place-items-center rounded-full text-2xl font-semibold capitalize transition-colors sm:size-64',
            CIRCLE[label],
          )}
        >
          {label}
        </div>
      </div>
      {isIdle && (
        <button
          type="button"
          onClick={onListen}
          aria-label="Start listening"
          className="grid size-16 place-items-center rounded-full bg-primary text-on-primary shadow-lg hover:bg-primary-hover"
        >
          <Mic aria-hidden="true" className="size-7" />
        </button>
      )}
      {error && (
        <p
          role="alert"
          className="max-w-md rounded-xl border border-accent/40 bg-accent/10 px-4 py-2 text-center text-sm"
        >
          {error}
        </p>
      )}
      {(lastUser ?? lastAi) && (
        <div className="flex max-h-[30vh] w-full max-w-xl flex-col gap-2 overflow-y-auto text-sm">
          {lastUser && <p className="text-muted">You: {lastUser.content}</p>}
          {lastAi && <AnswerMarkdown text={lastAi.content} />}
        </div>
      )}
    </div>
  );
}
