import type { ForumCategory } from '@klang/domain';
import { LayoutList } from 'lucide-react';
import { cn } from '../../../components/ui/cn';
import { CategoryIcon } from './category-icon';

interface CategoryNavProps {
  categories: readonly ForumCategory[];
  selectedId: string | null;
  onSelect: (categoryId: string | null) => void;
}

/** All Posts and each category with its icon, name and description (spec 002 §2.7). */
export function CategoryNav({ categories, selectedId, onSelect }: CategoryNavProps) {
  const item = (
    id: string | null,
    name: string,
    description: string,
    icon: React.ReactNode,
    color?: string,
  ) => (
    <li key={id ?? 'all'}>
      <button
        type="button"
        aria-pressed={selectedId === id}
        onClick={() => {
          onSelect(id);
        }}
        className={cn(
          'flex w-full items-start gap-3 rounded-xl px-3 py-2.5 text-left transition-colors',
          selectedId === id ? 'bg-field text-fg' : 'text-fg hover:bg-field/60',
        )}
      >
        <span
          className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg bg-field"
          style={color ? { color } : undefined}
        >
          {icon}
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="font-semibold">{name}</span>
          {description && <span className="text-[0.8125rem] leading-snug text-muted">{description}</span>}
        </span>
      </button>
    </li>
  );
  return (
    <ul className="flex flex-col gap-1">
      {item(null, 'All Posts', 'Every discussion', <LayoutList aria-hidden="true" className="size-4" />)}
      {categories.map((category) =>
        item(
          category.id,
          category.name,
          category.description,
          <CategoryIcon icon={category.icon} className="size-4" />,
          category.color,
        ),
      )}
    </ul>
  );
}
