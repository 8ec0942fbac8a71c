import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';

/** The round 'Open Forum' button (spec 002 §2.9), above the bottom navigation. */
export function FloatingForumButton({ href }: { href: string }) {
  return (
    <Link
      to={href}
      aria-label="Open Forum"
      title="Open Forum"
      className="fixed right-4 bottom-[calc(5.25rem+env(safe-area-inset-bottom))] z-40 grid size-14 place-items-center rounded-full bg-primary text-on-primary shadow-[0_10px_30px_-10px_var(--color-primary)] transition-transform hover:scale-105 sm:right-6"
    >
      <MessagesSquare aria-hidden="true" className="size-6" />
    </Link>
  );
}
