import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn';

interface FloatingForumButtonProps {
  href: string;
}

/**
 * The round 'Open Forum' button (spec 002 §2.9) in the corner of a public page; the page keeps
 * room for it at its foot (PublicLayout), so the last links never lie under it.
 */
export function FloatingForumButton({ href }: FloatingForumButtonProps) {
  return (
    <Link
      to={href}
      aria-label="Open Forum"
      title="Open Forum"
      className={cn(
        'fixed right-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-40',
        'grid size-14 place-items-center rounded-full bg-primary text-on-primary shadow-[0_10px_30px_-10px_var(--color-primary)] transition-transform hover:scale-105 sm:right-6',
      )}
    >
      <MessagesSquare aria-hidden="true" className="size-6" />
    </Link>
  );
}
