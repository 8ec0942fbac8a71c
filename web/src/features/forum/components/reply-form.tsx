import { FORUM_LIMITS, FORUM_MESSAGES, type ForumReply } from '@klang/domain';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { useCreateReplyMutation } from '../hooks/use-forum-mutations';

interface ReplyFormProps {
  postId: string;
  /** The reply being answered, or null for a reply to the post itself. */
  replyingTo: ForumReply | null;
  onCancelReplyTo: () => void;
}

/**
 * The reply form (spec 002 §2.8, §4, §5): 'Reply to comment' or 'Add a reply', Post Reply disabled
 * while blank, Cancel only when answering a reply; success clears it and says so for 3 s.
 */
export function ReplyForm({ postId, replyingTo, onCancelReplyTo }: ReplyFormProps) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const create = useCreateReplyMutation(postId);

  useEffect(() => {
    if (replyingTo) field.current?.focus();
  }, [replyingTo]);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = content.trim();
    if (!trimmed) {
      setError(FORUM_MESSAGES.enterReply);
      return;
    }
    setError(null);
    create.mutate(
      { content: trimmed, parentReplyId: replyingTo?.id ?? null },
      {
        onSuccess: () => {
          setContent('');
          onCancelReplyTo();
          toast.success(FORUM_MESSAGES.replyPosted);
        },
        onError: (failure) => {
          setError(failure instanceof ApiError ? failure.message : FORUM_MESSAGES.replyFailed);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      {error && <Banner tone="error">{error}</Banner>}
      {replyingTo && (
        <p className="border-l-2 border-line pl-3 text-sm text-muted">
          Replying to{' '}
          <span className="font-semibold text-fg">{replyingTo.author?.name ?? FORUM_MESSAGES.anonymous}</span>
          : <span className="line-clamp-1 break-words">{replyingTo.content}</span>
        </p>
      )}
      <Textarea
        ref={field}
        label={replyingTo ? 'Reply to comment' : 'Add a reply'}
        placeholder="Write your reply..."
        rows={4}
        maxLength={FORUM_LIMITS.replyMaxChars}
        value={content}
        onChange={(e) => {
          setContent(e.target.value);
        }}
      />
      <div className="flex justify-end gap-2">
        {replyingTo && (
          <Button type="button" variant="secondary" onClick={onCancelReplyTo}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={!content.trim() || create.isPending}>
          {create.isPending ? 'Posting...' : 'Post Reply'}
        </Button>
      </div>
    </form>
  );
}
