import { PRODUCT_NAME } from '@klang/domain';
import { Ear, Scale, ShieldCheck, Sprout, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { StaticPage } from '../components/static-page';
import { paths } from '../paths';

const PRINCIPLES: { Icon: LucideIcon; title: string; body: string }[] = [
  {
    Icon: Ear,
    title: 'Sound first',
    body: 'Tracks play without names. The artist is revealed only when you like what you hear.',
  },
  {
    Icon: Scale,
    title: 'Fair charts',
    body: 'Blind verdicts decide the rankings: the share of likes a track earns from the listeners it was dealt to. A like counts only from someone who was played the track, so there are no bots and no paid placements.',
  },
  {
    Icon: Sprout,
    title: 'Artists own their work',
    body: 'Artists keep full ownership of their music, choose what listeners hear, and pay no royalties to us.',
  },
  {
    Icon: ShieldCheck,
    title: 'Private by default',
    body: 'First-party analytics only: no third-party trackers, no advertising networks, and we never sell your data.',
  },
];

export function Component() {
  return (
    <StaticPage
      title="About"
      eyebrow={PRODUCT_NAME}
      lead={`${PRODUCT_NAME} is a music discovery platform where listeners hear tracks without knowing who made them, and independent artists are judged on sound alone.`}
      width="wide"
    >
      <div className="flex flex-col gap-16">
        <div className="grid gap-10 md:grid-cols-2">
          <section className="flex flex-col gap-3">
            <h2 className="text-2xl font-bold tracking-tight text-fg">For listeners</h2>
            <p className="text-base leading-relaxed text-muted">
              Swipe through new music from independent artists, like what moves you to reveal who made it,
              build a library of finds, and watch the charts your likes decide. Every swipe, like and minute
              of listening earns K-Points towards tickets and merchandise.
            </p>
          </section>
          <section className="flex flex-col gap-3">
            <h2 className="text-2xl font-bold tracking-tight text-fg">For artists</h2>
            <p className="text-base leading-relaxed text-muted">
              Upload tracks, choose which ones listeners hear, follow your chart positions and stats, and use
              the {PRODUCT_NAME} Kit: a sampler, a vocal generator, an AI production tutor and press-shot
              character packs.
            </p>
          </section>
        </div>

        <section aria-labelledby="principles" className="flex flex-col gap-6">
          <h2 id="principles" className="text-2xl font-bold tracking-tight text-fg">
            What we stand for
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {PRINCIPLES.map(({ Icon, title, body }) => (
              <li key={title} className="flex gap-4 rounded-3xl border border-line bg-surface p-6">
                <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-accent" />
                <div className="flex flex-col gap-1.5">
                  <h3 className="font-bold text-fg">{title}</h3>
                  <p className="text-[0.9375rem] leading-relaxed text-muted">{body}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to={paths.howItWorks}>How it works</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.ourStory}>Our story</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to={paths.contact}>Contact us</Link>
          </Button>
        </section>
      </div>
    </StaticPage>
  );
}
