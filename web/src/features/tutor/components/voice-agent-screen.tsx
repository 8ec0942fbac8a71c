import { TUTOR_MESSAGES, tutorRequestSchema } from '@klang/domain';
import { ExternalLink, Keyboard, Mic, MicOff, Send, Square } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn';
import { useZodForm } from '../../../lib/use-zod-form';
import { AnswerMarkdown } from './answer-markdown';
import { useVoiceAgentHearing } from '../api/tutor-api';
import { recognitionConstructor } from '../state/speech';
import { useDictation } from '../state/use-dictation';
import { useVoiceAgent } from '../state/use-voice-agent';

/**
 * A typed turn to Abel: a question to the same tutor, by the rules of its request (spec 002 §7).
 * The agent's socket has no schema of its own; it drops a blank turn, as the box does.
 */
const turnSchema = tutorRequestSchema.pick({ prompt: true });

/**
 * The live voice agent (spec 002 §2.5): a heading and tagline, a 500x500 card whose circle shows
 * the state, the start mic button while not connected, the stop button while connected, and the
 * error strip, in the spec's words (§8) for the microphone. A text box sends typed turns; 'Type
 * to Abel instead' opens a session with no microphone at all, and in it the browser's own speech
 * recognition, where there is one, turns speech into a typed turn.
 *
 * The circle says 'listening' only while something hears (issue 30): the microphone is offered
 * only when the server turns speech into text; otherwise the screen opens in typed mode, says why
 * in one sentence, and listens only while the browser's recognition does.
 */
export function VoiceAgentScreen({
  header,
  artistHref,
}: {
  header: ReactNode;
  /** Where a recommended Klang track is: its artist's page. */
  artistHref: (artistId: string) => string;
}) {
  const agent = useVoiceAgent();
  const hearing = useVoiceAgentHearing();
  const turn = useZodForm(turnSchema, { defaultValues: { prompt: '' } });
  const isBlank = !turn.watch('prompt').trim();
  const [dictationError, setDictationError] = useState<string | null>(null);
  const dictation = useDictation((transcript) => {
    setDictationError(null);
    agent.sendText(transcript);
  }, setDictationError);
  const browserHears = recognitionConstructor() !== null;
  const serverHears = hearing.data?.speechToText === true;
  const typedOnly = hearing.data?.speechToText === false;
  const canDictate = agent.typed && browserHears;
  const error = agent.error ?? dictationError ?? turn.errorOf('prompt');
  const isActive = agent.status === 'connected' || agent.status === 'connecting';
  const label = dictation.isListening ? 'listening' : agent.label;
  const compact = typedOnly || (agent.isConnected && agent.typed);

  // Nothing on the server hears: the screen opens in typed mode, once (Stop ends it for good).
  const { start } = agent;
  const opened = useRef(false);
  useEffect(() => {
    if (!typedOnly || opened.current) return;
    opened.current = true;
    void start({ typed: true });
  }, [typedOnly, start]);

  // A typed session's box takes the keyboard at once.
  const { setFocus } = turn;
  useEffect(() => {
    if (agent.isConnected && agent.typed) setFocus('prompt');
  }, [agent.isConnected, agent.typed, setFocus]);
  const send = turn.onSubmit(({ prompt }) => {
    agent.sendText(prompt);
    turn.reset();
  });

  // Each answer to a question is brought into view, clear of the fixed bars below (the bottom
  // navigation on a phone, the now-playing bar on a desktop) and the sticky top bar.
  const lastLine = useRef<HTMLLIElement>(null);
  const answered = agent.lines.at(-1)?.role === 'agent' && agent.lines.at(-2)?.role === 'user';
  useEffect(() => {
    if (answered) lastLine.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [answered, agent.lines]);

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col items-center gap-6 px-4 pt-6 pb-24 sm:py-10">
      <div className="flex w-full flex-col gap-3">{header}</div>
      <p className="w-full text-muted">
        Talk with Abel, Klang’s production tutor: ask about your mix, your sound or your next track.
      </p>
      {typedOnly && (
        <p className="w-full max-w-[500px] rounded-xl border border-line bg-surface px-4 py-2 text-sm text-fg">
          {browserHears ? TUTOR_MESSAGES.voiceAgentBrowserEars : TUTOR_MESSAGES.voiceAgentTypedOnly}
        </p>
      )}
      {/* Above the card: seen at once, and never under the floating forum button. */}
      {error && (
        <p
          role="alert"
          className="w-full max-w-[500px] rounded-xl border border-accent/40 bg-accent/10 px-4 py-2 text-sm text-fg"
        >
          {error}
        </p>
      )}
      <div
        className={cn(
          'grid w-full max-w-[500px] place-items-center rounded-3xl border border-line bg-surface p-6',
          // Typed, the card steps back so the text box is on screen at once.
          compact ? 'py-8' : 'aspect-square sm:size-[500px]',
        )}
      >
        <div className={cn('flex flex-col items-center', compact ? 'gap-6' : 'gap-8')}>
          <div className="relative grid place-items-center">
            <span
              aria-hidden="true"
              className={cn(
                'absolute inset-0 rounded-full bg-primary/25',
                isActive ? 'animate-ping' : 'hidden',
              )}
            />
            <div
              role="status"
              aria-live="polite"
              data-state={label}
              className={cn(
                'relative grid place-items-center rounded-full text-xl font-semibold capitalize transition-transform duration-700',
                compact ? 'size-32' : 'size-44 sm:size-52',
                label === 'speaking'
                  ? 'scale-110 bg-primary text-on-primary'
                  : 'border border-line bg-bg text-fg',
              )}
            >
              {label}
            </div>
          </div>
          {agent.isConnected ? (
            <button
              type="button"
              onClick={() => {
                void agent.stop();
              }}
              className="inline-flex h-12 items-center gap-2 rounded-full border border-line px-5 font-semibold text-fg hover:bg-fg/10"
            >
              <Square aria-hidden="true" className="size-4" /> Stop
            </button>
          ) : (
            serverHears && (
              <button
                type="button"
                onClick={() => {
                  void agent.start();
                }}
                disabled={agent.status === 'connecting'}
                aria-label="Start talking"
                className="grid size-16 place-items-center rounded-full bg-primary text-on-primary shadow-lg hover:bg-primary-hover disabled:opacity-60"
              >
                <Mic aria-hidden="true" className="size-7" />
              </button>
            )
          )}
          {!agent.isConnected && !hearing.isPending && (
            <button
              type="button"
              onClick={() => {
                void agent.start({ typed: true });
              }}
              disabled={agent.status === 'connecting'}
              className={cn(
                'inline-flex h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold disabled:opacity-60',
                agent.microphoneFailed || !serverHears
                  ? 'bg-primary text-on-primary hover:bg-primary-hover'
                  : 'border border-line text-fg hover:bg-fg/10',
              )}
            >
              <Keyboard aria-hidden="true" className="size-4" />{' '}
              {serverHears ? 'Type to Abel instead' : 'Type to Abel'}
            </button>
          )}
        </div>
      </div>
      {agent.isConnected && (
        <form
          noValidate
          className="flex w-full max-w-[500px] items-center gap-2"
          onSubmit={(event) => {
            // A blank turn is dropped without a word, as the send button's being disabled says.
            if (isBlank) event.preventDefault();
            else send(event);
          }}
        >
          <label htmlFor="voice-agent-text" className="sr-only">
            Type a message to Abel
          </label>
          <input
            id="voice-agent-text"
            {...turn.register('prompt')}
            aria-invalid={turn.errorOf('prompt') ? true : undefined}
            placeholder="Or type a message..."
            className="h-11 min-w-0 flex-1 rounded-full border border-line bg-field px-4 text-fg placeholder:text-muted focus:outline-2 focus:outline-primary"
          />
          {canDictate && (
            <button
              type="button"
              onClick={dictation.toggle}
              aria-pressed={dictation.isListening}
              aria-label={dictation.isListening ? 'Stop speaking' : 'Speak your message'}
              className={cn(
                'grid size-11 shrink-0 place-items-center rounded-full border border-line',
                dictation.isListening ? 'bg-accent text-on-primary' : 'text-fg hover:bg-fg/10',
              )}
            >
              {dictation.isListening ? (
                <MicOff aria-hidden="true" className="size-5" />
              ) : (
                <Mic aria-hidden="true" className="size-5" />
              )}
            </button>
          )}
          <button
            type="submit"
            disabled={isBlank}
            aria-label="Send message"
            className="grid size-11 shrink-0 place-items-center rounded-full bg-primary text-on-primary hover:bg-primary-hover disabled:opacity-50"
          >
            <Send aria-hidden="true" className="size-5" />
          </button>
        </form>
      )}
      {agent.lines.length > 0 && (
        <ol aria-label="Conversation" className="flex w-full max-w-[500px] flex-col gap-2 text-sm">
          {agent.lines.map((line, i) => (
            <li
              key={i}
              ref={i === agent.lines.length - 1 ? lastLine : undefined}
              className={cn('scroll-mt-20 lg:scroll-mt-6', line.role === 'user' ? 'text-muted' : 'text-fg')}
            >
              {line.role === 'user' ? `You: ${line.text}` : <AnswerMarkdown text={line.text} />}
            </li>
          ))}
        </ol>
      )}
      {agent.recommendations && (
        <div className="w-full max-w-[500px] text-sm">
          <p className="font-semibold text-fg">{TUTOR_MESSAGES.recommendedTracks}</p>
          <ul className="mt-1 flex flex-col gap-1">
            {agent.recommendations.tracks.map((track) => (
              <li key={track.id}>
                <Link to={artistHref(track.artistId)} className="font-medium text-accent hover:underline">
                  “{track.title}” by {track.artist}
                </Link>{' '}
                <span className="text-muted">on Klang</span>
              </li>
            ))}
            {agent.recommendations.references.map((reference) => (
              <li key={reference.url}>
                <a
                  href={reference.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${TUTOR_MESSAGES.listenOnSpotify}: “${reference.title}” by ${reference.artist}`}
                  className="inline-flex items-center gap-1.5 font-medium text-accent hover:underline"
                >
                  <ExternalLink aria-hidden="true" className="size-3.5" />“{reference.title}” by{' '}
                  {reference.artist}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
