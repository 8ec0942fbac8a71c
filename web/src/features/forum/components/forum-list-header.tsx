import { FORUM_SORT_LABELS, FORUM_SORTS, type ForumSort } from '@klang/domain';
import { ArrowLeft, Plus, Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';

interface ForumListHeaderProps {
  onBack: () => void;
  onNewPost: () => void;
  search: string;
  onSearchChange: (search: string) => void;
  sort: ForumSort;
  onSortChange: (sort: ForumSort) => void;
  /** The phone's categories control (spec 002 §2.7: a modal under 768 px). */
  categoriesControl: React.ReactNode;
}

const SORT_OPTIONS = FORUM_SORTS.map((value) => ({ value, label: FORUM_SORT_LABELS[value] }));

function isSort(value: string): value is ForumSort {
  return (FORUM_SORTS as readonly string[]).includes(value);
}

/** Back, the title, New Post, the search box and the sort (spec 002 §2.7). */
export function ForumListHeader(props: ForumListHeaderProps) {
  return (
    <header className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <Button variant="ghost" size="icon" aria-label="Back" onClick={props.onBack}>
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Button>
        <h1 className="flex-1 text-2xl font-bold tracking-tight text-fg sm:text-3xl">Forum</h1>
        <Button onClick={props.onNewPost}>
          <Plus aria-hidden="true" className="size-4" />
          New Post
        </Button>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="relative flex-1">
          <Input
            label={<span className="sr-only">Search posts</span>}
            type="search"
            placeholder="Search posts..."
            value={props.search}
            onChange={(e) => {
              props.onSearchChange(e.target.value);
            }}
            className="pl-10"
          />
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute bottom-3.5 left-3.5 size-4 text-muted"
          />
        </div>
        <div className="flex items-end gap-3">
          <Select
            label={<span className="sr-only">Sort posts</span>}
            options={SORT_OPTIONS}
            value={props.sort}
            onValueChange={(value) => {
              if (isSort(value)) props.onSortChange(value);
            }}
            className="min-w-0 flex-1 sm:min-w-48"
          />
          {props.categoriesControl}
        </div>
      </div>
    </header>
  );
}
