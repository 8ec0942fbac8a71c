import { FORUM_LIMITS, FORUM_MESSAGES, createForumPostSchema, type ForumCategory } from '@klang/domain';
import { useState, type SyntheticEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError } from '../../../lib/api-error';
import { useCreatePostMutation } from '../hooks/use-forum-mutations';

interface NewPostDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  categories: readonly ForumCategory[];
  /** The category the list shows, chosen for the new post to start with. */
  defaultCategoryId: string | null;
  /** The post is saved: the screen shows it, which is the writer's confirmation. */
  onCreated: (postId: string) => void;
}

/** A server refusal the writer can act on (too long, too fast) is shown as it is; others are not. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 429)) return error.message;
  return FORUM_MESSAGES.createPostFailed;
}

/** Create New Post (spec 002 §2.7, §5): all fields required, title and content trimmed. */
export function NewPostDialog({
  isOpen,
  onOpenChange,
  categories,
  defaultCategoryId,
  onCreated,
}: NewPostDialogProps) {
  const [categoryId, setCategoryId] = useState(defaultCategoryId ?? '');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [isAnonymous, setIsAnonymous] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePostMutation();

  const reset = () => {
    setCategoryId(defaultCategoryId ?? '');
    setTitle('');
    setContent('');
    setIsAnonymous(false);
    setError(null);
  };

  /** An edit clears the message: it spoke of the fields as they were. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setError(null);
    };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createForumPostSchema.safeParse({ categoryId, title, content, isAnonymous });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? FORUM_MESSAGES.fillAllFields);
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: ({ post }) => {
        reset();
        onOpenChange(false);
        onCreated(post.id);
      },
      onError: (failure) => {
        setError(failureMessage(failure));
      },
    });
  };

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) reset();
        onOpenChange(open);
      }}
    >
      <DialogContent title="Create New Post" size="lg">
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {error && <Banner tone="error">{error}</Banner>}
          <Select
            label="Category"
            placeholder="Select a category"
            options={categories.map((c) => ({ value: c.id, label: c.name }))}
            value={categoryId || undefined}
            onValueChange={edit(setCategoryId)}
          />
          <Input
            label="Title"
            value={title}
            maxLength={FORUM_LIMITS.titleMaxChars}
            onChange={(e) => {
              edit(setTitle)(e.target.value);
            }}
            placeholder="What is on your mind?"
          />
          <Textarea
            label="Content"
            rows={6}
            value={content}
            maxLength={FORUM_LIMITS.postMaxChars}
            onChange={(e) => {
              edit(setContent)(e.target.value);
            }}
            placeholder="Share your thoughts..."
          />
          <Checkbox
            label="Post anonymously"
            description="Your name and picture are not shown to anyone."
            checked={isAnonymous}
            onCheckedChange={setIsAnonymous}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                onOpenChange(false);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" isLoading={create.isPending}>
              Create Post
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
