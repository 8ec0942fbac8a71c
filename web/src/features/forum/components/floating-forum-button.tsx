import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn';

interface FloatingForumButtonProps {
  href: string;
  /** Sits above the mini player too, when one may be showing (a track is loaded). */
  isRaised: boolean;
}

/** The round 'Open Forum' button (spec 002 §2.9), above the bottom navigation. */
export function FloatingForumButton({ href, isRaised }: FloatingForumButtonProps) {
  return (
    <Link
      to={href}
      aria-label="Open Forum"
      title="Open Forum"
      className={cn(
        'fixed right-4 z-40',
        isRaised
          ? 'bottom-[calc(9.75rem+env(safe-area-inset-bottom))]'
          : 'bottom-[calc(5.25rem+env(safe-area-inset-bottom))]',
        'grid size-14 place-items-center rounded-full bg-primary text-on-primary shadow-[0_10px_30px_-10px_var(--color-primary)] transition-transform hover:scale-105 sm:right-6',
      )}
    >
      <MessagesSquare aria-hidden="true" className="size-6" />
    </Link>
  );
}
