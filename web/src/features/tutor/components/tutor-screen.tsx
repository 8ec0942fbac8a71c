import { TUTOR_MESSAGES } from '@klang/domain';
import { MessageSquare, Mic, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { cn } from '../../../components/ui/cn';
import { formatLongDate } from '../../../lib/format-date';
import type { TutorVariant } from '../api/tutor-api';
import { useTutorChat } from '../state/use-tutor-chat';
import { useVoiceSession } from '../state/use-voice-session';
import { ConversationPanel } from './conversation-panel';
import { QuestionBar, useQuestionForm } from './question-bar';
import { VoiceOverlay } from './voice-overlay';

/** Spec 002 §2.4: the four example questions. */
export const EXAMPLE_QUESTIONS = [
  'How do I mix vocals in a dense arrangement?',
  'What are some tips for making my drums sound punchier?',
  'How can I create a more interesting bassline?',
  'What are some creative uses of reverb?',
] as const;

/**
 * A tutor screen (spec 002 §2.4): TutorLab follows the app's theme; Abel keeps a fixed light look
 * whatever the theme (data-theme on its own root; styles.css scopes the palette to it).
 */
export function TutorScreen({ variant, header }: { variant: TutorVariant; header: ReactNode }) {
  const chat = useTutorChat(variant);
  const voice = useVoiceSession(variant, chat.addConversation);
  const question = useQuestionForm();
  const error = chat.error ?? (voice.isActive ? null : voice.error);

  return (
    <div
      data-theme={variant === 'abel' ? 'light' : undefined}
      className={cn(variant === 'abel' && 'min-h-[calc(100dvh-3.5rem)] bg-bg text-fg')}
    >
      {/* Extra room at the end on phones: the floating forum button sits over the last row. */}
      <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 pt-6 pb-24 sm:py-10">
        {header}
        <div className="flex flex-col items-center gap-5 rounded-3xl border border-line bg-surface px-5 py-8">
          <button
            type="button"
            onClick={() => {
              void voice.start();
            }}
            aria-label="Start a voice session"
            className="grid size-28 place-items-center rounded-full bg-primary text-on-primary shadow-[0_0_48px_var(--color-glow)] transition-transform hover:scale-105 hover:bg-primary-hover focus-visible:outline-4 focus-visible:outline-primary/40"
          >
            <Mic aria-hidden="true" className="size-12" />
          </button>
          <QuestionBar
            id={`${variant}-question`}
            label="Your question"
            form={question}
            onSend={(text) => {
              void chat.send(text, null);
            }}
            onError={chat.setError}
            isLoading={chat.isLoading}
            placeholder={TUTOR_MESSAGES.inputPlaceholder}
            dictateLabel="Dictate your question"
            sendLabel="Send question"
            size="lg"
            className="w-full"
          />
          <div className="flex flex-wrap justify-center gap-2" aria-label="Example questions">
            {EXAMPLE_QUESTIONS.map((example) => (
              <button
                key={example}
                type="button"
                onClick={() => {
                  question.setValue('prompt', example);
                }}
                className="rounded-full border border-line px-3 py-1.5 text-sm text-fg hover:border-primary hover:bg-primary/10"
              >
                {example}
              </button>
            ))}
          </div>
        </div>

        {error && !chat.open && (
          <Banner
            tone="error"
            onDismiss={() => {
              chat.setError(null);
            }}
          >
            {error}
          </Banner>
        )}

        {chat.recent.length > 0 && (
          <section aria-labelledby={`${variant}-recent`} className="flex flex-col gap-3">
            <h2 id={`${variant}-recent`} className="text-lg font-semibold text-fg">
              Recent conversations
            </h2>
            <ul className="flex flex-col gap-2">
              {chat.recent.map((conversation) => (
                <li
                  key={conversation.id}
                  className="flex items-center gap-2 rounded-2xl border border-line bg-surface pr-2"
                >
                  <button
                    type="button"
                    onClick={() => {
                      chat.openConversation(conversation.id);
                    }}
                    className="flex min-w-0 flex-1 items-center gap-3 rounded-2xl px-4 py-3 text-left hover:bg-fg/5"
                  >
                    <MessageSquare aria-hidden="true" className="size-5 shrink-0 text-muted" />
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate font-medium text-fg">{conversation.title}</span>
                      <span className="text-sm text-muted">
                        {conversation.messages.length}{' '}
                        {conversation.messages.length === 1 ? 'message' : 'messages'} ·{' '}
                        {formatLongDate(conversation.lastUpdated)}
                      </span>
                    </span>
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      chat.remove(conversation.id);
                    }}
                    aria-label={`Delete conversation: ${conversation.title}`}
                    className="grid size-10 shrink-0 place-items-center rounded-full text-muted hover:bg-accent/10 hover:text-accent"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </section>

      <ConversationPanel
        conversation={chat.open}
        isLoading={chat.isLoading}
        error={chat.error}
        onSend={(text, id) => {
          void chat.send(text, id);
        }}
        onClose={chat.close}
        onError={chat.setError}
      />
      {voice.isActive && (
        <VoiceOverlay
          label={voice.label}
          isIdle={voice.isIdle}
          error={voice.error}
          messages={voice.messages}
          onListen={voice.listen}
          onClose={voice.close}
        />
      )}
    </div>
  );
}
