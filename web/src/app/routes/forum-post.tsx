import { FORUM_MESSAGES, type ForumReply } from '@klang/domain';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useForumPostQuery, useForumRepliesQuery } from '../../features/forum/api/forum-queries';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PostDetailCard } from '../../features/forum/components/post-detail-card';
import { ReplyForm } from '../../features/forum/components/reply-form';
import { ReplyThread } from '../../features/forum/components/reply-thread';
import {
  useDeletePostMutation,
  useDeleteReplyMutation,
  useModeratePostMutation,
  useStarReplyMutation,
  useVoteMutation,
} from '../../features/forum/hooks/use-forum-mutations';
import { useRecordView } from '../../features/forum/hooks/use-record-view';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';

/** The post screen (spec 002 §2.8). */
export function Component() {
  const postId = useParams().postId ?? '';
  return <ForumPostScreen key={postId} postId={postId} />;
}

function ForumPostScreen({ postId }: { postId: string }) {
  const navigate = useNavigate();
  const view = useForumPostQuery(postId);
  const replies = useForumRepliesQuery(postId);
  const [replyingTo, setReplyingTo] = useState<ForumReply | null>(null);
  const [confirming, setConfirming] = useState<
    { kind: 'post' } | { kind: 'reply'; reply: ForumReply } | null
  >(null);
  const vote = useVoteMutation(postId);
  const moderate = useModeratePostMutation(postId);
  const deletePost = useDeletePostMutation();
  const deleteReply = useDeleteReplyMutation(postId);
  const star = useStarReplyMutation(postId);
  useRecordView(postId);
  useDocumentTitle(view.data?.post.title ?? 'Forum');

  // Spec 002 §2.8: a post that cannot be loaded sends the user back to the list.
  const hasFailed = view.isError;
  useEffect(() => {
    if (hasFailed) void navigate(paths.forum, { replace: true });
  }, [hasFailed, navigate]);

  const back = (
    <div className="sticky top-0 z-20 -mx-5 bg-bg/90 px-5 py-2 backdrop-blur sm:-mx-8 sm:px-8">
      <Button variant="ghost" size="sm" onClick={() => void navigate(-1)}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </Button>
    </div>
  );

  if (!view.data) {
    return (
      <section className="mx-auto flex max-w-3xl flex-col gap-4 px-5 py-4 sm:px-8">
        {back}
        <div className="grid place-items-center py-20 text-muted">
          <Spinner label="Loading post" size="lg" />
        </div>
      </section>
    );
  }

  const { post, viewer } = view.data;
  const replyList = replies.data ?? [];
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-5 pb-24 sm:px-8">
      {back}
      <PostDetailCard
        post={post}
        isAdmin={viewer.isAdmin}
        onVote={(v) => {
          if (!vote.isPending) vote.mutate(v);
        }}
        isVoting={vote.isPending}
        onDelete={() => {
          setConfirming({ kind: 'post' });
        }}
        onModerate={(change) => {
          moderate.mutate(change);
        }}
        isModerating={moderate.isPending}
      />
      <section aria-labelledby="replies-heading" className="flex flex-col gap-4">
        <h2 id="replies-heading" className="text-xl font-bold text-fg">
          Replies ({post.replyCount})
        </h2>
        {!post.isLocked && (
          <ReplyForm
            postId={postId}
            replyingTo={replyingTo}
            onCancelReplyTo={() => {
              setReplyingTo(null);
            }}
          />
        )}
        {replies.isPending ? (
          <div className="grid place-items-center py-8 text-muted">
            <Spinner label="Loading replies" />
          </div>
        ) : replyList.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line px-6 py-10 text-center text-muted">
            {FORUM_MESSAGES.noReplies}
          </p>
        ) : (
          <ReplyThread
            replies={replyList}
            isAdmin={viewer.isAdmin}
            canReply={!post.isLocked}
            onReplyTo={setReplyingTo}
            onToggleStar={(reply) => {
              star.mutate({ replyId: reply.id, isStarred: !reply.isStarred });
            }}
            onDelete={(reply) => {
              setConfirming({ kind: 'reply', reply });
            }}
          />
        )}
      </section>
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming?.kind === 'reply' ? 'Delete reply' : 'Delete post'}
        question={
          confirming?.kind === 'reply' ? FORUM_MESSAGES.confirmDeleteReply : FORUM_MESSAGES.confirmDeletePost
        }
        confirmLabel="Delete"
        isBusy={deletePost.isPending || deleteReply.isPending}
        onConfirm={() => {
          if (confirming?.kind === 'reply') {
            const { reply } = confirming;
            if (replyingTo?.id === reply.id) setReplyingTo(null);
            deleteReply.mutate(reply.id, {
              onSettled: () => {
                setConfirming(null);
              },
            });
          } else {
            deletePost.mutate(postId, {
              onSuccess: () => void navigate(paths.forum, { replace: true }),
              onSettled: () => {
                setConfirming(null);
              },
            });
          }
        }}
      />
    </section>
  );
}
