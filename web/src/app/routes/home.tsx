import { PRODUCT_NAME } from '@klang/domain';
import { ArrowRight, Check, Heart, Lock, Sparkles } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Logo } from '../../components/ui/logo';
import { ExpandablePanel } from '../../features/landing/components/expandable-panel';
import { IntroVideo } from '../../features/landing/components/intro-video';
import { ScrubbedVideo } from '../../features/landing/components/scrubbed-video';
import { SwipeCarousel } from '../../features/landing/components/swipe-carousel';
import { TypedTagline } from '../../features/landing/components/typed-tagline';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TAGLINE, TAGLINE_MS_PER_CHARACTER } from '../content/brand-copy';
import { LANDING_COPY as COPY } from '../content/landing-copy';
import { paths } from '../paths';

// The demo player sits below the fold: its code (player, reveal, the demo-track API) loads after
// the hero, which keeps the landing page's first JavaScript inside its budget (decision 0112).
const DemoPlayer = lazy(async () => {
  const module = await import('../../features/demo-tracks/components/demo-player');
  return { default: module.DemoPlayer };
});

const MEDIA = {
  intro: { src: '/media/intro.mp4', poster: '/media/intro.jpg' },
  loyalty: { src: '/media/loyalty.mp4', poster: '/media/loyalty.jpg' },
  /** A real screenshot of /player (e2e/scripts/capture-player-preview.ts), blind mid-track. */
  playerPreview: {
    src: '/media/player-preview.webp',
    alt: 'The Klang Discover player on a phone: a track plays with its artist hidden until a like',
  },
} as const;

/**
 * One landing section. `split` puts a showpiece beside its words on a wide screen (the words left,
 * the piece right), so a narrow piece leaves no empty half; on a phone every section stacks.
 */
function Section({
  id,
  title,
  children,
  lead,
  split = false,
}: {
  id: string;
  title: string;
  lead?: string;
  children?: ReactNode;
  split?: boolean;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'mx-auto w-full max-w-6xl px-5 py-16 sm:px-8 sm:py-24',
        split && 'lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-center lg:gap-16',
      )}
    >
      <div>
        <h2 id={id} className="text-3xl font-bold tracking-tight text-balance text-fg sm:text-5xl">
          {title}
        </h2>
        {lead && <p className="mt-4 max-w-2xl text-lg leading-relaxed text-pretty text-muted">{lead}</p>}
      </div>
      {children && <div className={cn('mt-10', split && 'lg:mt-0')}>{children}</div>}
    </section>
  );
}

/** The landing page (spec 000 §2): hero, then the sections in the spec's order; the layout adds the footer. */
export function Component() {
  useDocumentTitle();
  return (
    <div className="relative isolate overflow-x-clip">
      <header className="relative isolate flex min-h-[88svh] flex-col">
        <IntroVideo
          src={MEDIA.intro.src}
          poster={MEDIA.intro.poster}
          className="absolute inset-0 -z-20 size-full object-cover opacity-60"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-b from-bg/30 via-bg/50 to-bg"
        />
        <div className="mx-auto flex w-full max-w-6xl items-center justify-between px-5 pt-6 sm:px-8">
          <Link to={paths.home} aria-label={`${PRODUCT_NAME} home`} className="-m-1 rounded-lg p-1">
            <Logo isDecorative className="h-8 sm:h-9" />
          </Link>
          <nav aria-label="Account" className="flex items-center gap-1">
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.artistSubscription}>Plans</Link>
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.login}>Log in</Link>
            </Button>
          </nav>
        </div>
        <div className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-12 px-5 py-16 sm:px-8 lg:grid-cols-[minmax(0,1fr)_auto] lg:gap-16">
          <div className="flex flex-col items-center gap-8 text-center lg:items-start lg:text-left">
            <TypedTagline
              text={TAGLINE}
              msPerCharacter={TAGLINE_MS_PER_CHARACTER}
              subheadline={COPY.hero.subheadline}
            >
              <div className="flex flex-col items-center gap-3 sm:flex-row">
                <Button asChild size="lg">
                  <Link to={paths.accountType}>
                    Launch App
                    <ArrowRight aria-hidden="true" className="size-5" />
                  </Link>
                </Button>
                <Button asChild size="lg" variant="secondary">
                  <Link to={paths.signupListener}>Start listening free</Link>
                </Button>
              </div>
            </TypedTagline>
          </div>
          <figure className="mx-auto w-[min(16.25rem,72vw)] lg:w-[16.25rem]">
            <div className="overflow-hidden rounded-[2.25rem] border-[6px] border-[#23232d] bg-bg shadow-[0_30px_80px_-30px_var(--color-primary)]">
              <img
                src={MEDIA.playerPreview.src}
                alt={MEDIA.playerPreview.alt}
                width={520}
                height={1013}
                decoding="async"
                className="block h-auto w-full"
              />
            </div>
            <figcaption className="mt-3 text-center text-sm text-balance text-muted">
              {COPY.hero.previewCaption}
            </figcaption>
          </figure>
        </div>
      </header>

      <Section id="listen" title={COPY.listen.title} lead={COPY.listen.body}>
        <ul className="grid gap-3 sm:grid-cols-3">
          {COPY.listen.points.map((point) => (
            <li
              key={point}
              className="flex items-center gap-3 rounded-2xl border border-line bg-surface px-5 py-4 text-fg"
            >
              <Check aria-hidden="true" className="size-5 shrink-0 text-accent" />
              {point}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="music" title={COPY.music.title} lead={COPY.music.body} split>
        <div className="max-w-xl lg:max-w-none">
          <Suspense fallback={<div className="h-44 rounded-3xl border border-line bg-surface" />}>
            <DemoPlayer
              renderSignupAction={(label, icon) => (
                <Button asChild size="sm" variant="secondary">
                  <Link to={paths.accountType}>
                    {icon}
                    {label}
                  </Link>
                </Button>
              )}
            />
          </Suspense>
        </div>
      </Section>

      <Section id="charts" title={COPY.charts.title} lead={COPY.charts.body} split>
        {/* A chart as a listener first sees it: places, each masked until they like it. */}
        <ol
          className="flex max-w-xl flex-col gap-2 lg:max-w-none"
          aria-label="A chart, hidden until you like"
        >
          {[1, 2, 3].map((rank) => (
            <li
              key={rank}
              className="flex items-center gap-4 rounded-2xl border border-line bg-surface px-4 py-3 sm:px-5"
            >
              <span className="w-6 text-center text-xl font-bold text-accent tabular-nums">{rank}</span>
              <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-field text-muted">
                <Lock aria-hidden="true" className="size-5" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold tracking-widest text-fg/70">****</span>
                <span className="truncate text-sm text-muted">{COPY.charts.rowHint}</span>
              </span>
              <Heart aria-hidden="true" className="size-5 shrink-0 text-muted" />
            </li>
          ))}
        </ol>
      </Section>

      <Section id="loyalty" title={COPY.loyalty.title} lead={COPY.loyalty.body} split>
        <div className="flex flex-col gap-6">
          <ScrubbedVideo
            src={MEDIA.loyalty.src}
            poster={MEDIA.loyalty.poster}
            className="aspect-video w-full rounded-3xl border border-line bg-surface object-cover"
          />
          <ul className="flex flex-wrap gap-2">
            {COPY.loyalty.levels.map((level) => (
              <li
                key={level}
                className="rounded-full border border-line bg-surface px-4 py-2 text-sm font-semibold text-fg"
              >
                {level}
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section id="kit" title={COPY.kit.title} lead={COPY.kit.body}>
        <ul className="grid gap-3 sm:grid-cols-3">
          {COPY.kit.tools.map((tool) => (
            <li
              key={tool}
              className="flex items-center gap-3 rounded-2xl border border-line bg-surface px-5 py-4 font-semibold text-fg"
            >
              <Sparkles aria-hidden="true" className="size-5 text-accent" />
              {tool}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="artists" title={COPY.artists.title}>
        <ExpandablePanel summary={COPY.artists.summary}>
          <ol className="flex flex-col gap-4">
            {COPY.artists.benefits.map((benefit, index) => (
              <li key={benefit.title} className="flex gap-4">
                <span className="grid size-8 shrink-0 place-items-center rounded-full bg-primary/15 font-bold text-accent">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-fg">{benefit.title}</h3>
                  <p className="text-[0.9375rem] leading-relaxed text-muted">{benefit.body}</p>
                </div>
              </li>
            ))}
          </ol>
          <Button asChild className="mt-6">
            <Link to={paths.artistSubscription}>See artist plans</Link>
          </Button>
        </ExpandablePanel>
      </Section>

      <Section id="lovers" title={COPY.lovers.title}>
        <SwipeCarousel
          label={COPY.lovers.title}
          slides={COPY.lovers.cards.map((card) => ({
            id: card.id,
            content: (
              <div className="flex h-full flex-col gap-3 rounded-3xl border border-line bg-surface p-6">
                <h3 className="text-xl font-bold tracking-tight text-fg">{card.title}</h3>
                <p className="text-[0.9375rem] leading-relaxed text-muted">{card.body}</p>
              </div>
            ),
          }))}
        />
      </Section>
    </div>
  );
}
