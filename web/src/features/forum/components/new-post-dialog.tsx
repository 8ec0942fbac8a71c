import { FORUM_LIMITS, FORUM_MESSAGES, createForumPostSchema, type ForumCategory } from '@klang/domain';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/use-zod-form';
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
  const empty = { categoryId: defaultCategoryId ?? '', title: '', content: '', isAnonymous: false };
  // An edit clears the message, the checkbox's too: it spoke of the fields as they were (issue 30).
  const form = useZodForm(createForumPostSchema, { defaultValues: empty, editClears: 'all' });
  const [categoryId, isAnonymous] = form.watch(['categoryId', 'isAnonymous']);
  const create = useCreatePostMutation();

  const reset = () => {
    form.reset(empty);
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const { post } = await create.mutateAsync(values);
      reset();
      onOpenChange(false);
      onCreated(post.id);
    } catch (failure) {
      form.setError('root', { message: failureMessage(failure) });
    }
  });

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
          {/* One line for all fields: every rule's message is 'Please fill in all fields' or a length. */}
          {form.firstMessage && <Banner tone="error">{form.firstMessage}</Banner>}
          <Select
            label="Category"
            placeholder="Select a category"
            options={categories.map((c) => ({ value: c.id, label: c.name }))}
            value={categoryId || undefined}
            onValueChange={(next) => {
              form.setValue('categoryId', next);
            }}
          />
          <Input
            label="Title"
            maxLength={FORUM_LIMITS.titleMaxChars}
            placeholder="What is on your mind?"
            {...form.register('title')}
          />
          <Textarea
            label="Content"
            rows={6}
            maxLength={FORUM_LIMITS.postMaxChars}
            placeholder="Share your thoughts..."
            {...form.register('content')}
          />
          <Checkbox
            label="Post anonymously"
            description="Your name and picture are not shown to anyone."
            checked={isAnonymous}
            onCheckedChange={(next) => {
              form.setValue('isAnonymous', next);
            }}
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
            <Button type="submit" isLoading={form.formState.isSubmitting}>
              Create Post
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
