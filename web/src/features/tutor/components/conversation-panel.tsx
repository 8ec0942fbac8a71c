import { TUTOR_MESSAGES } from '@klang/domain';
import { Download, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../components/ui/cn';
import { transcriptFileName, transcriptText, type Conversation } from '../state/conversations';
import { useMessageAudio } from '../state/use-message-audio';
import { MessageBubble } from './message-bubble';
import { QuestionBar, useQuestionForm } from './question-bar';

function downloadTranscript(conversation: Conversation) {
  const url = URL.createObjectURL(new Blob([transcriptText(conversation)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = transcriptFileName(conversation);
  link.click();
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
}

/**
 * The full-screen conversation panel sliding in from the right (spec 002 §2.4): title, message
 * count, transcript export, close; bubbles with audio and links; the thinking loader; the
 * follow-up box with dictation.
 */
export function ConversationPanel({
  conversation,
  isLoading,
  error,
  onSend,
  onClose,
  onError,
}: {
  conversation: Conversation | null;
  isLoading: boolean;
  error: string | null;
  onSend: (text: string, conversationId: string) => void;
  onClose: () => void;
  onError: (message: string) => void;
}) {
  const followUp = useQuestionForm();
  const audio = useMessageAudio();
  const stopAudio = audio.stop;
  const end = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const isOpen = conversation !== null;
  const count = conversation?.messages.length ?? 0;

  useEffect(() => {
    if (isOpen) closeButton.current?.focus();
    else stopAudio();
  }, [isOpen, stopAudio]);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count, isLoading]);
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [isOpen, onClose]);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={conversation?.title ?? 'Conversation'}
      aria-hidden={!isOpen}
      inert={!isOpen}
      className={cn(
        'fixed inset-0 z-50 flex flex-col bg-bg text-fg transition-transform duration-300 ease-out',
        isOpen ? 'translate-x-0' : 'pointer-events-none translate-x-full',
      )}
    >
      {conversation && (
        <>
          <header className="flex items-center gap-3 border-b border-line px-4 py-3">
            <div className="min-w-0 flex-1">
              <h2 className="truncate text-lg font-semibold">{conversation.title}</h2>
              <p className="text-sm text-muted">
                {count} {count === 1 ? 'message' : 'messages'}
              </p>
            </div>
            <button
              type="button"
              onClick={() => {
                downloadTranscript(conversation);
              }}
              className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border border-line px-2.5 text-sm font-medium hover:bg-fg/5 sm:px-3"
            >
              <Download aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">Export transcript</span>
            </button>
            <button
              ref={closeButton}
              type="button"
              onClick={onClose}
              aria-label="Close conversation"
              className="grid size-9 place-items-center rounded-full hover:bg-fg/10"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </header>
          <div className="flex-1 overflow-y-auto px-4 py-4">
            <ol className="mx-auto flex max-w-3xl flex-col gap-3" aria-label="Messages">
              {conversation.messages.map((message) => (
                <MessageBubble
                  key={message.id}
                  message={message}
                  isPlaying={audio.playingId === message.id}
                  onToggleAudio={audio.toggle}
                  onAsk={(question) => {
                    onSend(question, conversation.id);
                  }}
                  isAsking={isLoading}
                />
              ))}
            </ol>
            {isLoading && (
              <p className="mx-auto mt-3 flex max-w-3xl items-center gap-2 text-sm text-muted" role="status">
                <Spinner size="sm" /> {TUTOR_MESSAGES.thinking}
              </p>
            )}
            {error && (
              <p
                role="alert"
                className="mx-auto mt-3 max-w-3xl rounded-xl border border-accent/40 bg-accent/10 px-3 py-2 text-sm"
              >
                {error}
              </p>
            )}
            <div ref={end} />
          </div>
          <QuestionBar
            id="tutor-follow-up"
            label="Follow-up question"
            form={followUp}
            onSend={(text) => {
              onSend(text, conversation.id);
            }}
            onError={onError}
            isLoading={isLoading}
            placeholder={TUTOR_MESSAGES.followUpPlaceholder}
            dictateLabel="Dictate a follow-up question"
            sendLabel="Send follow-up question"
            size="md"
            className="mx-auto w-full max-w-3xl border-t border-line px-4 py-3"
          />
        </>
      )}
    </div>
  );
}
