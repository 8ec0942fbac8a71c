import {
  BLIND_NOTES,
  LIMITS,
  LOYALTY_TIERS,
  POINTS,
  PRO_PLAN,
  PRODUCT_NAME,
  TIER_LIMITS,
} from '@klang/domain';
import {
  AudioLines,
  Bot,
  Ear,
  Heart,
  Mic,
  Sparkles,
  Trophy,
  Upload,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { StaticPage } from '../components/static-page';
import { paths } from '../paths';

const AUDIO_LIMIT_MB = Math.round(LIMITS.audioMaxBytes / (1024 * 1024));
const number = new Intl.NumberFormat('en-GB');

const LISTENER_STEPS: { Icon: LucideIcon; title: string; body: ReactNode }[] = [
  {
    Icon: Ear,
    title: 'Listen blind',
    body: 'Every track in Discover plays with no artist name, no title and no artwork. No hype, no follower counts, no nudge towards the already famous: just the sound, and your ears.',
  },
  {
    Icon: Heart,
    title: 'Like to reveal',
    body: 'Swipe right, or press →, on a track you love and the curtain lifts: artist, title and cover. Follow them, add the track to your library, or keep exploring. Not feeling it? Swipe left, or press ←, and the next track starts.',
  },
  {
    Icon: Trophy,
    title: 'Charts decided by blind verdicts',
    body: (
      <>
        Every like is a vote, and so is every skip. Tracks rank by the share of likes they earn from the
        listeners the deck dealt them to, genre by genre, and a daily snapshot shows who is climbing. A like
        only counts from someone who was actually played the track, so there are no bots and no paid
        placements:{' '}
        <Link
          to={paths.chartsMethod}
          className="font-medium text-accent underline underline-offset-4 hover:no-underline"
        >
          see how the charts rank
        </Link>
        . The charts stay blind too: a track shows as **** until you have liked it yourself.
      </>
    ),
  },
];

const POINT_RULES = [
  { label: 'Rating a track for the first time (a like or a skip)', points: POINTS.swipe },
  { label: 'Liking a track', points: POINTS.like },
  { label: 'Adding a track to your library', points: POINTS.library },
  { label: 'Each minute of listening (a point a second)', points: POINTS.listeningMinute },
  { label: 'Your first visit of the day', points: POINTS.dailyLogin },
  {
    label: `A Blind Note: why you skipped, or "this moment" (the first ${String(BLIND_NOTES.pointedNotesPerDay)} a day)`,
    points: BLIND_NOTES.points,
  },
] as const;

const KIT_TOOLS: { Icon: LucideIcon; name: string; body: string }[] = [
  {
    Icon: AudioLines,
    name: 'SoundLab',
    body: 'A 25-pad sampler. Describe a sound in words, get four takes, drop your favourites on pads and export the preset.',
  },
  {
    Icon: Mic,
    name: 'VocalLab',
    body: 'Turns lyrics or spoken lines into vocals, with a choice of voices and controls for speed, stability and style.',
  },
  {
    Icon: Bot,
    name: 'Abel, the AI tutor',
    body: 'Ask about mixing, arrangement or sound design by text or by voice, and get answers with tracks to study.',
  },
  {
    Icon: Users,
    name: 'Character packs',
    body: 'Train a model on your own photos, then generate press shots from a short description.',
  },
];

type SectionHeadingProps = { id: string; eyebrow: string; title: string; children?: ReactNode };

function SectionHeading({ id, eyebrow, title, children }: SectionHeadingProps) {
  return (
    <div className="flex max-w-2xl flex-col gap-3">
      <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">{eyebrow}</p>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-balance text-fg sm:text-3xl">
        {title}
      </h2>
      {children && <p className="text-base leading-relaxed text-muted">{children}</p>}
    </div>
  );
}

export function Component() {
  return (
    <StaticPage
      title="How It Works"
      eyebrow={`Inside ${PRODUCT_NAME}`}
      lead="Music discovery with the name tag taken off. You listen first, decide with your ears, and only then find out who made what you love."
      width="wide"
    >
      <div className="flex flex-col gap-20">
        <section aria-labelledby="for-listeners" className="flex flex-col gap-8">
          <SectionHeading id="for-listeners" eyebrow="For listeners" title="Three steps, no shortcuts">
            Discover is a stream of tracks from independent artists, one at a time.
          </SectionHeading>
          <ol className="grid gap-4 md:grid-cols-3">
            {LISTENER_STEPS.map(({ Icon, title, body }, index) => (
              <li key={title} className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-6">
                <div className="flex items-center justify-between">
                  <span className="grid size-11 place-items-center rounded-2xl bg-primary/12 text-accent">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="font-mono text-sm text-muted">0{index + 1}</span>
                </div>
                <h3 className="text-lg font-bold tracking-tight text-fg">{title}</h3>
                <p className="text-[0.9375rem] leading-relaxed text-muted">{body}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="k-points" className="grid gap-10 lg:grid-cols-[1fr_1.1fr]">
          <div className="flex flex-col gap-6">
            <SectionHeading id="k-points" eyebrow="Loyalty" title="K-Points and membership tiers">
              Listening pays off. Everything you do in Discover earns K-Points, and your points total sets
              your tier on the loyalty card. Points can be exchanged for event tickets and merchandise; they
              have no cash value.
            </SectionHeading>
            <table className="w-full text-left text-[0.9375rem]">
              <caption className="sr-only">K-Points earned per action</caption>
              <thead>
                <tr className="border-b border-line text-xs tracking-[0.12em] text-muted uppercase">
                  <th scope="col" className="py-2 font-semibold">
                    Action
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    Points
                  </th>
                </tr>
              </thead>
              <tbody>
                {POINT_RULES.map((rule) => (
                  <tr key={rule.label} className="border-b border-line/60">
                    <td className="py-3 pr-4 text-fg">{rule.label}</td>
                    <td className="py-3 text-right font-mono font-semibold text-fg tabular-nums">
                      +{rule.points}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="text-sm text-muted">
              Each track earns its rating, like and library points once, so toggling a like never farms
              points.
            </p>
          </div>
          <ul className="flex flex-col gap-3 self-start" aria-label="Membership tiers">
            {LOYALTY_TIERS.map((tier) => (
              <li
                key={tier.tier}
                className="flex items-center gap-4 rounded-2xl border border-line bg-surface px-5 py-4"
              >
                <span
                  aria-hidden="true"
                  className="size-9 shrink-0 rounded-full border border-white/15 shadow-inner"
                  style={{ backgroundColor: tier.color }}
                />
                <div className="flex flex-1 flex-col">
                  <span className="font-semibold text-fg">{tier.label}</span>
                  <span className="text-sm text-muted">{tier.tier} card</span>
                </div>
                <span className="font-mono text-sm text-muted tabular-nums">
                  {tier.from === 0 ? 'From day one' : `${number.format(tier.from)} pts`}
                </span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="for-artists" className="flex flex-col gap-8">
          <SectionHeading id="for-artists" eyebrow="For artists" title="Upload, feature, climb">
            Independent artists put their music where it is judged on sound alone.
          </SectionHeading>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="flex flex-col gap-3 rounded-3xl border border-line bg-surface p-6">
              <span className="grid size-11 place-items-center rounded-2xl bg-primary/12 text-accent">
                <Upload aria-hidden="true" className="size-5" />
              </span>
              <h3 className="text-lg font-bold tracking-tight text-fg">Upload your tracks</h3>
              <p className="text-[0.9375rem] leading-relaxed text-muted">
                Add a track with its title, genre, label and cover art: MP3, WAV, M4A or MP4, up to{' '}
                {AUDIO_LIMIT_MB} MB. We check every file, strip its tags so nothing gives you away, and
                prepare it for smooth streaming.
              </p>
            </div>
            <div className="flex flex-col gap-3 rounded-3xl border border-line bg-surface p-6">
              <span className="grid size-11 place-items-center rounded-2xl bg-primary/12 text-accent">
                <Sparkles aria-hidden="true" className="size-5" />
              </span>
              <h3 className="text-lg font-bold tracking-tight text-fg">Choose what plays</h3>
              <p className="text-[0.9375rem] leading-relaxed text-muted">
                Feature the tracks you want listeners to hear in Discover: {TIER_LIMITS.free.featured} on a
                free account, {TIER_LIMITS.pro.featured} on Artist Pro. Your profile shows chart positions per
                genre, and the dashboard tracks plays, likes and followers.
              </p>
            </div>
          </div>
          <p className="text-[0.9375rem] leading-relaxed text-muted">
            A free artist account includes {TIER_LIMITS.free.uploads} uploads. Artist Pro costs{' '}
            {PRO_PLAN.priceLabel} a month, starts with a {PRO_PLAN.offerTrialDays}-day free trial, and adds
            unlimited uploads and the {PRODUCT_NAME} Kit. You keep full ownership of your music and we take no
            royalties.
          </p>
        </section>

        <section aria-labelledby="klang-kit" className="flex flex-col gap-8">
          <SectionHeading id="klang-kit" eyebrow={`${PRODUCT_NAME} Kit`} title="Production tools, built in">
            Pro artists get a studio companion alongside their profile.
          </SectionHeading>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {KIT_TOOLS.map(({ Icon, name, body }) => (
              <li key={name} className="flex flex-col gap-3 rounded-3xl border border-line bg-surface p-6">
                <Icon aria-hidden="true" className="size-6 text-accent" />
                <h3 className="font-bold tracking-tight text-fg">{name}</h3>
                <p className="text-[0.9375rem] leading-relaxed text-muted">{body}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="flex flex-col items-start gap-5 rounded-3xl border border-line bg-surface p-8 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1.5">
            <h2 className="text-xl font-bold tracking-tight text-fg">Ready to listen?</h2>
            <p className="text-[0.9375rem] text-muted">Pick your account type and start discovering.</p>
          </div>
          <Button asChild size="lg">
            <Link to={paths.accountType}>Launch App</Link>
          </Button>
        </section>
      </div>
    </StaticPage>
  );
}
