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
 * /account-type (spec 000 §2): the artist card leads to the plans. The listener card opens the
 * door that works today, a listener account on the web, first and above the fold on a phone
 * (product-decisions.md, Invites and the listener door); the spec's "Coming Soon" and its
 * interest registration stay, as the waitlist of the mobile app (the interest form asks about the
 * iOS beta).
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
        <section aria-labelledby="listener-card" className={`${cardClasses} hover:border-line`}>
          <Headphones aria-hidden="true" className="size-9 text-accent" />
          <h2 id="listener-card" className="text-2xl font-bold tracking-tight text-fg">
            Listener
          </h2>
          <p className="text-[0.9375rem] leading-relaxed text-muted">
            Discover music blind, like to reveal the artist, and earn K-Points as you listen.
          </p>
          <Button asChild className="self-start">
            <Link to={paths.signupListener}>
              Start listening now
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </Button>
          <Link
            to={paths.registerInterest}
            state={LISTENER_STATE}
            className="flex flex-wrap items-center gap-2 text-sm text-muted underline-offset-4 hover:text-fg hover:underline"
          >
            <span className="rounded-full bg-field px-2.5 py-0.5 text-xs font-semibold text-muted">
              Coming Soon
            </span>
            Join the mobile app waitlist
          </Link>
        </section>
        <Link to={paths.artistSubscription} className={cardClasses}>
          <Mic2 aria-hidden="true" className="size-9 text-accent" />
          <span className="text-2xl font-bold tracking-tight text-fg">Artist</span>
          <span className="text-[0.9375rem] leading-relaxed text-muted">
            Upload your tracks, get heard on merit, and see who loves your music.
          </span>
          <span className="mt-auto inline-flex items-center gap-1.5 text-sm font-semibold text-accent">
            See the plans
            <ArrowRight
              aria-hidden="true"
              className="size-4 transition-transform group-hover:translate-x-0.5"
            />
          </span>
        </Link>
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
