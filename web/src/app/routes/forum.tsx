import { FORUM_MESSAGES, type ForumSort } from '@klang/domain';
import { Filter, Plus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useForumCategoriesQuery, useForumPostsQuery } from '../../features/forum/api/forum-queries';
import { CategoryNav } from '../../features/forum/components/category-nav';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ForumListHeader } from '../../features/forum/components/forum-list-header';
import { NewPostDialog } from '../../features/forum/components/new-post-dialog';
import { PostPreviewCard } from '../../features/forum/components/post-preview-card';
import { useDeletePostMutation } from '../../features/forum/hooks/use-forum-mutations';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';

/** The forum list (spec 002 §2.7): one screen for every width; categories move to a modal under 768 px. */
export function Component() {
  useDocumentTitle('Forum');
  const navigate = useNavigate();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ForumSort>('latest');
  const [isComposing, setIsComposing] = useState(false);
  const [isPickingCategory, setIsPickingCategory] = useState(false);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const categories = useForumCategoriesQuery();
  const posts = useForumPostsQuery({ categoryId, search: useDeferredValue(search), sort });
  const deletePost = useDeletePostMutation();

  const categoryList = categories.data ?? [];
  const selectCategory = (id: string | null) => {
    setCategoryId(id);
    setIsPickingCategory(false);
  };
  const selectedName = categoryList.find((c) => c.id === categoryId)?.name ?? 'All Posts';

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-5 py-6 sm:px-8">
      <ForumListHeader
        onBack={() => void navigate(-1)}
        onNewPost={() => {
          setIsComposing(true);
        }}
        search={search}
        onSearchChange={setSearch}
        sort={sort}
        onSortChange={setSort}
        categoriesControl={
          <Dialog open={isPickingCategory} onOpenChange={setIsPickingCategory}>
            <DialogTrigger asChild>
              <Button variant="secondary" className="md:hidden" aria-label={`Categories: ${selectedName}`}>
                <Filter aria-hidden="true" className="size-4" />
                <span className="max-w-24 truncate">{categoryId ? selectedName : 'Categories'}</span>
              </Button>
            </DialogTrigger>
            <DialogContent title="Categories">
              <CategoryNav categories={categoryList} selectedId={categoryId} onSelect={selectCategory} />
            </DialogContent>
          </Dialog>
        }
      />
      <div className="flex gap-8">
        <aside aria-label="Categories" className="hidden w-72 shrink-0 md:block">
          <h2 className="mb-2 px-3 text-sm font-semibold tracking-wide text-muted uppercase">Categories</h2>
          <CategoryNav categories={categoryList} selectedId={categoryId} onSelect={selectCategory} />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col gap-4" aria-busy={posts.isFetching}>
          <h2 className="sr-only">{selectedName}</h2>
          {posts.isPending ? (
            <div className="grid place-items-center py-16 text-muted">
              <Spinner label="Loading posts" size="lg" />
            </div>
          ) : posts.isError ? (
            <Banner tone="error">{posts.error.message}</Banner>
          ) : posts.data.length === 0 && search.trim() ? (
            <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-6 py-14 text-center">
              <p className="text-lg font-semibold text-fg">No posts match “{search.trim()}”</p>
              <p className="text-muted">Try other words, or look in all categories.</p>
              <Button
                className="mt-2"
                variant="secondary"
                onClick={() => {
                  setSearch('');
                  setCategoryId(null);
                }}
              >
                Clear the search
              </Button>
            </div>
          ) : posts.data.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-6 py-14 text-center">
              <p className="text-lg font-semibold text-fg">{FORUM_MESSAGES.noPostsYet}</p>
              <p className="text-muted">
                {categoryId ? FORUM_MESSAGES.noPostsInCategory : FORUM_MESSAGES.beFirstToDiscuss}
              </p>
              <Button
                className="mt-2"
                onClick={() => {
                  setIsComposing(true);
                }}
              >
                <Plus aria-hidden="true" className="size-4" />
                Create First Post
              </Button>
            </div>
          ) : (
            posts.data.map((post) => (
              <PostPreviewCard
                key={post.id}
                post={post}
                href={paths.forumPost(post.id)}
                onDelete={
                  post.isMine
                    ? () => {
                        setDeletingId(post.id);
                      }
                    : undefined
                }
              />
            ))
          )}
        </div>
      </div>
      <NewPostDialog
        key={categoryId ?? 'all'}
        isOpen={isComposing}
        onOpenChange={setIsComposing}
        categories={categoryList}
        defaultCategoryId={categoryId}
        onCreated={(postId) => void navigate(paths.forumPost(postId))}
      />
      <ConfirmDialog
        isOpen={deletingId !== null}
        onOpenChange={(open) => {
          if (!open) setDeletingId(null);
        }}
        title="Delete post"
        question={FORUM_MESSAGES.confirmDeletePost}
        confirmLabel="Delete Post"
        isBusy={deletePost.isPending}
        onConfirm={() => {
          if (deletingId)
            deletePost.mutate(deletingId, {
              onSettled: () => {
                setDeletingId(null);
              },
            });
        }}
      />
    </section>
  );
}
