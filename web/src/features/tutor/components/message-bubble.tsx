import { TUTOR_MESSAGES } from '@klang/domain';
import { ExternalLink, Pause, Play } from 'lucide-react';
import { cn } from '../../../components/ui/cn';
import type { Message } from '../state/conversations';
import { AnswerMarkdown } from './answer-markdown';

/** The words of a Spotify search link (open.spotify.com/search/...), to name the track it finds. */
function spotifySearchTerms(url: string): string | null {
  const match = /open\.spotify\.com\/search\/([^/?#]+)/.exec(url);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * One message (spec 002 §2.4): user on the right, tutor on the left, at most 80% wide. When the
 * tutor offers topics instead of an answer, each is a button that asks it (issue 30).
 */
export function MessageBubble({
  message,
  isPlaying,
  onToggleAudio,
  onAsk,
  isAsking,
}: {
  message: Message;
  isPlaying: boolean;
  onToggleAudio: (id: string, url: string) => void;
  onAsk: (question: string) => void;
  /** A question is on its way: the topic buttons wait for its answer. */
  isAsking: boolean;
}) {
  const isUser = message.type === 'user';
  const links = message.spotifyUrls ?? [];
  const offered = message.suggestedTopics ?? [];
  const audioUrl = message.audioUrl;
  return (
    <li className={cn('flex', isUser ? 'justify-end' : 'justify-start')}>
      <article
        aria-label={isUser ? 'Your message' : 'Abel’s answer'}
        className={cn(
          'flex max-w-[80%] flex-col gap-2 rounded-2xl px-4 py-3 text-[0.9375rem] leading-relaxed',
          isUser
            ? 'rounded-br-md bg-primary text-on-primary'
            : 'rounded-bl-md border border-line bg-surface text-fg',
        )}
      >
        {isUser ? (
          <p className="whitespace-pre-line">{message.content}</p>
        ) : (
          <AnswerMarkdown text={message.content} />
        )}
        {links.length > 0 && (
          <div className="flex flex-col gap-1">
            <p className="text-sm font-semibold">{TUTOR_MESSAGES.recommendedTracks}</p>
            <ul className="flex flex-col gap-1">
              {links.map((url) => {
                const track = spotifySearchTerms(url);
                return (
                  <li key={url} className="flex flex-wrap items-center gap-x-2 text-sm">
                    {track && <span>{track}</span>}
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={track ? `${TUTOR_MESSAGES.listenOnSpotify}: ${track}` : undefined}
                      className="inline-flex items-center gap-1.5 font-medium text-accent underline-offset-2 hover:underline"
                    >
                      <ExternalLink aria-hidden="true" className="size-3.5" />
                      {TUTOR_MESSAGES.listenOnSpotify}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        {offered.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={TUTOR_MESSAGES.suggestedTopics}>
            {offered.map((topic) => (
              <li key={topic.id} className="min-w-0">
                <button
                  type="button"
                  disabled={isAsking}
                  onClick={() => {
                    onAsk(topic.title);
                  }}
                  className="min-h-10 max-w-full rounded-full border border-accent/50 bg-accent/10 px-3.5 py-2 text-left text-sm leading-snug font-medium text-fg transition-colors hover:bg-accent/20 disabled:cursor-wait disabled:opacity-60"
                >
                  {topic.title}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div
          className={cn('flex items-center gap-2 text-xs', isUser ? 'justify-end opacity-80' : 'text-muted')}
        >
          {!isUser && audioUrl && (
            <button
              type="button"
              onClick={() => {
                onToggleAudio(message.id, audioUrl);
              }}
              aria-label={isPlaying ? 'Pause answer audio' : 'Play answer audio'}
              aria-pressed={isPlaying}
              className="grid size-8 place-items-center rounded-full bg-fg/10 text-fg transition-colors hover:bg-fg/20"
            >
              {isPlaying ? (
                <Pause aria-hidden="true" className="size-4" />
              ) : (
                <Play aria-hidden="true" className="size-4" />
              )}
            </button>
          )}
          <time dateTime={message.timestamp}>{new Date(message.timestamp).toLocaleTimeString()}</time>
        </div>
      </article>
    </li>
  );
}
