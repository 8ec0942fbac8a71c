import { PRODUCT_NAME } from '@klang/domain';
import { ArrowRight, Ear, Heart, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Equaliser } from '../components/equaliser';
import { TAGLINE } from '../content/brand-copy';
import { paths } from '../paths';

const HIGHLIGHTS = [
  {
    Icon: Ear,
    title: 'Listen blind',
    body: 'No names, no covers, no follower counts. Just the track, judged on how it sounds.',
  },
  {
    Icon: Heart,
    title: 'Like to reveal',
    body: 'Love it? One like lifts the curtain on the artist, and the track is yours to keep.',
  },
  {
    Icon: Trophy,
    title: 'Charts by likes',
    body: 'Every like is a vote. No bots and no paid placements decide who climbs.',
  },
] as const;

const PAGE_LINKS = [
  { label: 'How It Works', to: paths.howItWorks },
  { label: 'Roadmap', to: paths.roadmap },
  { label: 'Our Story', to: paths.ourStory },
  { label: 'FAQ', to: paths.faq },
] as const;

/** The landing route: a minimal hero until the full landing page of spec 000 §2 arrives. */
export function Component() {
  useDocumentTitle();
  return (
    <div className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(70%_55%_at_50%_0%,var(--color-glow),transparent_70%)]"
      />

      <div className="mx-auto flex max-w-6xl items-center justify-between px-5 pt-6 sm:px-8">
        <Link to={paths.home} aria-label={`${PRODUCT_NAME} home`} className="-m-1 rounded-lg p-1">
          <Logo isDecorative className="h-8 sm:h-9" />
        </Link>
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.login}>Log in</Link>
        </Button>
      </div>

      <section className="mx-auto flex max-w-4xl flex-col items-center px-5 pt-20 pb-12 text-center sm:px-8 sm:pt-28">
        <p className="rounded-full border border-line bg-surface/70 px-3.5 py-1.5 text-xs font-semibold tracking-[0.16em] text-muted uppercase backdrop-blur">
          Blind listening · Fair charts
        </p>
        <h1 className="mt-7 text-[2.75rem] leading-[1.02] font-extrabold tracking-[-0.035em] text-balance text-fg sm:text-7xl">
          {TAGLINE}
        </h1>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-muted sm:text-xl">
          Hear new tracks with no names attached. Like what moves you, and only then find out who made it.
        </p>
        <div className="mt-10 flex flex-col items-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.accountType}>
              Launch App
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={paths.howItWorks}>See how it works</Link>
          </Button>
        </div>
        <nav aria-label={`About ${PRODUCT_NAME}`} className="mt-10">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
            {PAGE_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="text-muted underline-offset-4 transition-colors hover:text-fg hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Equaliser className="mt-14 h-20 w-full max-w-3xl opacity-70 [mask-image:linear-gradient(to_right,transparent,black_18%,black_82%,transparent)] sm:h-24" />
      </section>

      <section
        aria-label={`What makes ${PRODUCT_NAME} different`}
        className="mx-auto max-w-6xl px-5 pb-24 sm:px-8"
      >
        <ul className="grid gap-4 md:grid-cols-3">
          {HIGHLIGHTS.map(({ Icon, title, body }) => (
            <li
              key={title}
              className="flex flex-col gap-3 rounded-3xl border border-line bg-surface/80 p-6 backdrop-blur-md"
            >
              <span className="grid size-11 place-items-center rounded-2xl bg-primary/12 text-accent">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h2 className="text-lg font-bold tracking-tight text-fg">{title}</h2>
              <p className="text-[0.9375rem] leading-relaxed text-muted">{body}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
