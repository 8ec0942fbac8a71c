import { Spinner } from '../../../components/ui/spinner';

/** Spec 002 §2.6: the 'Uploading Images' and 'Creating Your Character' overlays. */
export function ProgressOverlay({ title, detail }: { title: string; detail?: string }) {
  return (
    <div
      className="fixed inset-0 z-[60] grid place-items-center bg-black/80 p-6 backdrop-blur-sm"
      role="status"
      aria-live="polite"
    >
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-10 py-8 text-center shadow-2xl">
        <Spinner size="lg" className="text-primary" />
        <p className="text-xl font-bold text-fg">{title}</p>
        {detail && <p className="text-sm text-muted">{detail}</p>}
      </div>
    </div>
  );
}
