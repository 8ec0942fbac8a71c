import { ArrowRight, Headphones, Mic2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import type { InterestOrigin } from '../interest-origin';
import { StaticPage } from '../components/static-page';
import { paths } from '../paths';

const LISTENER_STATE: InterestOrigin = { from: 'account-type', isComingSoon: true };

const cardClasses =
  'group relative flex flex-col gap-4 rounded-3xl border border-line bg-surface p-6 text-left transition-colors hover:border-primary/70 focus-visible:border-accent sm:p-8';

/**
 * /account-type (spec 000 §2): listener to interest registration (coming soon), artist to the
 * plans. The listener signup works today (product-decisions.md Invites), so it is offered beside them.
 */
export function Component() {
  return (
    <StaticPage
      title="Choose Your Account Type"
      eyebrow="Get started"
      lead="How will you use Klang?"
      width="narrow"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Link to={paths.registerInterest} state={LISTENER_STATE} className={cardClasses}>
          <span className="absolute top-5 right-5 rounded-full bg-field px-3 py-1 text-xs font-semibold text-muted">
            Coming Soon
          </span>
          <Headphones aria-hidden="true" className="size-9 text-accent" />
          <span className="text-2xl font-bold tracking-tight text-fg">Listener</span>
          <span className="text-[0.9375rem] leading-relaxed text-muted">
            Discover music blind, like to reveal the artist, and earn K-Points as you listen.
          </span>
        </Link>
        <Link to={paths.artistSubscription} className={cardClasses}>
          <Mic2 aria-hidden="true" className="size-9 text-accent" />
          <span className="text-2xl font-bold tracking-tight text-fg">Artist</span>
          <span className="text-[0.9375rem] leading-relaxed text-muted">
            Upload your tracks, get heard on merit, and see who loves your music.
          </span>
        </Link>
      </div>
      <div className="mt-6 flex flex-col items-center gap-4 rounded-3xl border border-primary/40 bg-primary/10 p-5 text-center sm:flex-row sm:justify-between sm:text-left">
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-fg">Want to start listening now?</p>
          <p className="text-sm text-muted">
            The full listener app is on its way; a listener account works today.
          </p>
        </div>
        <Button asChild>
          <Link to={paths.signupListener}>
            Create a listener account
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </Button>
      </div>
      <p className="mt-8 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-accent underline-offset-4 hover:underline">
          Log in
        </Link>
      </p>
    </StaticPage>
  );
}
