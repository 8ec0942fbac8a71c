import type { Pack } from '@klang/domain';
import { Plus, Sparkles, Trash2, UserRound } from 'lucide-react';
import { cn } from '../../../components/ui/cn';

type PackGridProps = {
  packs: readonly Pack[];
  onCreate: () => void;
  onOpen: (pack: Pack) => void;
  onDelete: (pack: Pack) => void;
};

const BADGES = {
  training: { label: 'Training', className: 'bg-amber-400 text-ink' },
  error: { label: 'Error', className: 'bg-primary text-ink' },
} as const;

/** Spec 002 §2.6: the Create Pack tile, then the user's packs. */
export function PackGrid({ packs, onCreate, onOpen, onDelete }: PackGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Your characters">
      <li>
        <button
          type="button"
          onClick={onCreate}
          className="flex aspect-[4/5] w-full flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-line bg-surface text-muted transition-colors hover:border-primary hover:text-fg"
        >
          <span className="grid size-12 place-items-center rounded-full bg-primary text-on-primary">
            <Plus className="size-6" aria-hidden="true" />
          </span>
          <span className="font-semibold">Create Pack</span>
        </button>
      </li>
      {packs.map((pack) => {
        const badge = pack.status === 'ready' ? null : BADGES[pack.status];
        const name = pack.name ?? 'Unnamed Pack';
        return (
          <li
            key={pack.id}
            className="group relative aspect-[4/5] overflow-hidden rounded-2xl border border-line bg-surface"
          >
            {pack.preview_image_url ? (
              <img src={pack.preview_image_url} alt="" className="size-full object-cover" />
            ) : (
              <div className="grid size-full place-items-center text-muted">
                <UserRound className="size-12" aria-hidden="true" />
              </div>
            )}
            {/* Spec 002 §2.6 shows Create on hover; it stays in sight (issue 30): hover reaches no phone. */}
            <div className="absolute inset-x-0 bottom-0 flex items-end gap-2 bg-gradient-to-t from-black/85 to-transparent p-3 pt-10">
              <p className="min-w-0 flex-1 truncate font-semibold text-white">{name}</p>
              {pack.status === 'ready' && (
                <button
                  type="button"
                  onClick={() => {
                    onOpen(pack);
                  }}
                  aria-label={`Create with ${name}`}
                  className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-primary px-3.5 py-1.5 text-sm font-semibold text-on-primary shadow-lg transition-transform active:scale-[0.98]"
                >
                  <Sparkles className="size-4" aria-hidden="true" /> Create
                </button>
              )}
            </div>
            {badge && (
              <span
                className={cn(
                  'absolute top-2 left-2 rounded-full px-2.5 py-0.5 text-xs font-bold',
                  badge.className,
                )}
              >
                {badge.label}
              </span>
            )}
            <button
              type="button"
              onClick={() => {
                onDelete(pack);
              }}
              aria-label={`Delete ${name}`}
              className="absolute top-2 right-2 z-10 grid size-8 place-items-center rounded-full bg-black/60 text-white opacity-100 transition-opacity hover:bg-black sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
