import { FORUM_LIMITS, FORUM_MESSAGES, createForumReplySchema, type ForumReply } from '@klang/domain';
import { useEffect } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/use-zod-form';
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
  const form = useZodForm(createForumReplySchema, { defaultValues: { content: '' } });
  const create = useCreateReplyMutation(postId);
  const content = form.watch('content');
  const isPosting = form.formState.isSubmitting;

  const { setFocus } = form;
  useEffect(() => {
    if (replyingTo) setFocus('content');
  }, [replyingTo, setFocus]);

  const submit = form.onSubmit(async ({ content: typed }) => {
    try {
      await create.mutateAsync({ content: typed.trim(), parentReplyId: replyingTo?.id ?? null });
      form.reset({ content: '' });
      onCancelReplyTo();
      toast.success(FORUM_MESSAGES.replyPosted);
    } catch (failure) {
      form.setError('root', {
        message: failure instanceof ApiError ? failure.message : FORUM_MESSAGES.replyFailed,
      });
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      {form.firstMessage && <Banner tone="error">{form.firstMessage}</Banner>}
      {replyingTo && (
        <p className="border-l-2 border-line pl-3 text-sm text-muted">
          Replying to{' '}
          <span className="font-semibold text-fg">{replyingTo.author?.name ?? FORUM_MESSAGES.anonymous}</span>
          : <span className="line-clamp-1 break-words">{replyingTo.content}</span>
        </p>
      )}
      <Textarea
        label={replyingTo ? 'Reply to comment' : 'Add a reply'}
        placeholder="Write your reply..."
        rows={4}
        maxLength={FORUM_LIMITS.replyMaxChars}
        {...form.register('content')}
      />
      <div className="flex justify-end gap-2">
        {replyingTo && (
          <Button type="button" variant="secondary" onClick={onCancelReplyTo}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={!content.trim() || isPosting}>
          {isPosting ? 'Posting...' : 'Post Reply'}
        </Button>
      </div>
    </form>
  );
}
