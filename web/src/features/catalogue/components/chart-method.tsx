import { DEAL_RULES, wilsonLowerBound, type ChartMethod } from '@klang/domain';
import { Clock, Ear, Radar, Shuffle, Sprout, Timer, UserX, Users, Zap, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useChartMethodQuery } from '../api/catalogue-api';

const number = new Intl.NumberFormat('en-GB');
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 });

/** The worked example of the method: a few unanimous blind likes against many lukewarm ones. */
const EXAMPLE = {
  small: { likes: 5, rated: 5 },
  large: { likes: 500, rated: 5000 },
} as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-5">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-fg">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Rule({ Icon, title, children }: { Icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-3xl border border-line bg-surface p-6">
      <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-accent" />
      <div className="flex flex-col gap-1.5">
        <h3 className="font-bold text-fg">{title}</h3>
        <p className="text-[0.9375rem] leading-relaxed text-muted">{children}</p>
      </div>
    </li>
  );
}

/** One live figure: a big number with what it counts under it. */
function Figure({ value, label, detail }: { value: number | string; label: string; detail?: ReactNode }) {
  return (
    <li className="flex flex-col gap-1 rounded-3xl border border-line bg-surface p-5 sm:p-6">
      <p className="text-3xl font-bold tracking-tight text-fg tabular-nums sm:text-4xl">
        {typeof value === 'number' ? number.format(value) : value}
      </p>
      <p className="text-sm font-semibold text-fg">{label}</p>
      {detail && <p className="text-sm leading-relaxed text-muted">{detail}</p>}
    </li>
  );
}

function LiveFigures({ method }: { method: ChartMethod }) {
  const { figures } = method;
  const { discountedBecause: why } = figures;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Figures of the window" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <Figure value={figures.deals} label="Blind deals played" detail="Tracks the deck dealt and played" />
        <Figure
          value={figures.rated}
          label="Verdicts"
          detail={`${number.format(figures.likes)} likes, ${number.format(figures.rated - figures.likes)} skips`}
        />
        <Figure value={figures.listeners} label="Listeners counted" detail="Accounts whose ratings count" />
        <Figure
          value={figures.likesDiscounted}
          label="Likes discounted"
          detail="Counted for less than one like, or for nothing"
        />
        <Figure
          value={figures.accountsExcluded}
          label="Accounts excluded"
          detail="New, unconfirmed, temporary or demo accounts"
        />
        <Figure
          value={percent.format(figures.likes === 0 ? 0 : figures.likesDiscounted / figures.likes)}
          label="Share discounted"
          detail={`Of all ${number.format(figures.likes)} likes`}
        />
      </ul>
      <div className="rounded-3xl border border-line bg-surface p-5 sm:p-6">
        <h3 className="text-sm font-semibold text-fg">Why likes were discounted</h3>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {[
            { Icon: Timer, label: 'Liked too quickly', value: why.tooQuick },
            { Icon: UserX, label: 'New, unconfirmed, temporary or demo account', value: why.newAccount },
            { Icon: Zap, label: 'Listener who likes nearly everything', value: why.likeEverything },
          ].map(({ Icon, label, value }) => (
            <li key={label} className="flex items-center gap-3">
              <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-field text-accent">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex flex-col">
                <span className="text-lg font-bold text-fg tabular-nums">{number.format(value)}</span>
                <span className="text-sm text-muted">{label}</span>
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted">A like can be discounted for more than one reason.</p>
      </div>
    </div>
  );
}

/**
 * `/charts/method` (issue 19 item 4): how the deck deals and how the charts rank, in plain
 * words, with the live aggregates of the last window. The rules' numbers come from the server's
 * answer, so the page states exactly what the server applies.
 */
export function ChartMethodContent() {
  const query = useChartMethodQuery();
  const method = query.data;
  const rules = method?.rules;
  const windowDays = method?.windowDays ?? 30;
  const small = wilsonLowerBound(EXAMPLE.small.likes, EXAMPLE.small.rated);
  const large = wilsonLowerBound(EXAMPLE.large.likes, EXAMPLE.large.rated);

  return (
    <div className="flex flex-col gap-16">
      <Section id="figures" title={`The last ${windowDays} days`}>
        {query.isPending ? (
          <div className="grid min-h-40 place-items-center">
            <Spinner label="Loading the figures" />
          </div>
        ) : query.isError ? (
          <Banner
            tone="error"
            title="The figures could not be loaded"
            action={
              <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          >
            The method below still holds.
          </Banner>
        ) : (
          method && (
            <>
              <LiveFigures method={method} />
              <p className="flex items-center gap-2 text-sm text-muted">
                <Clock aria-hidden="true" className="size-4" />
                {method.computedAt
                  ? `Counted ${new Date(method.computedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}. Recounted every 10 minutes, with the charts.`
                  : 'Not counted yet: the first count runs within 10 minutes of the server starting.'}
              </p>
            </>
          )
        )}
      </Section>

      <Section id="deal" title="How the deck deals">
        <ul className="grid gap-4 sm:grid-cols-2">
          <Rule Icon={Sprout} title="Equal first listens">
            Every featured track is guaranteed the same number of blind first listens (
            {rules?.firstListens ?? DEAL_RULES.firstListensDefault} on Klang) before any track is dealt more
            than twice that. The deck deals the least-heard tracks first, at random among equals, so a track
            uploaded today is heard within minutes.
          </Rule>
          {rules?.radar.enabled === false ? (
            <Rule Icon={Shuffle} title="Random beyond that">
              Once every track has had its first listens, the deck deals at random. Nobody can pay to be dealt
              more, and the deck never knows who made a track.
            </Rule>
          ) : (
            <Rule Icon={Radar} title="Tuned to each listener, within the same bounds">
              The deck learns each listener’s taste from their own blind verdicts, over the sound alone:
              tempo, key, energy, brightness and genre, never a name. It uses that only to choose among the
              tracks the fair rule allows: among the least-heard while any track lacks its first listens, and
              after that among tracks within {rules?.radar.band ?? DEAL_RULES.firstListensDefault} deals of
              the least-dealt one. {rules?.radar.explorePercent ?? 10}% of deals stay random, a sample no
              taste has touched. Taste decides who hears a track, not whether it is heard.
            </Rule>
          )}
        </ul>
      </Section>

      <Section id="rank" title="How the charts rank">
        <div className="flex flex-col gap-4 text-base leading-relaxed text-muted">
          <p>
            Every deal ends in a verdict: a like or a skip, given before the listener knows who made the
            track. A chart ranks the tracks of a genre by the share of likes among those verdicts in the last{' '}
            {windowDays} days, taken at the cautious end: the lowest share we can be{' '}
            {percent.format((rules?.confidencePercent ?? 95) / 100)} sure of (the lower bound of the Wilson
            score interval). A handful of verdicts leaves a wide margin; many verdicts narrow it.
          </p>
          <p>
            So five likes from five blind listeners (a cautious share of {percent.format(small)}) rank above
            500 likes from 5,000 (a cautious share of {percent.format(large)}): unanimous listeners beat a
            track that was simply heard a lot. A track nobody has judged yet sits below every track with a
            verdict until its first listens come in.
          </p>
          <p>
            Each row of a chart shows, large, the cautious share it is ranked by (“≥ 76%”), so the numbers
            read in the order of the rows; under it, the share of its blind listeners who liked it and how
            many they were, counting only the verdicts below trusts. That is why 100% of 4 listeners can sit
            below 95% of 20. The row’s detail adds its likes in all. A hidden track’s row shows only its
            place.
          </p>
        </div>
      </Section>

      <Section id="trust" title="Which likes count">
        <ul className="grid gap-4 sm:grid-cols-2">
          <Rule Icon={Ear} title="Only dealt, only heard">
            A like counts only for a track the deck dealt to that listener and played to them. A like for
            anything else is refused.
          </Rule>
          <Rule Icon={Timer} title={`${rules?.fullLikeAfterSeconds ?? 10} seconds of listening`}>
            A like counts in full after {rules?.fullLikeAfterSeconds ?? 10} seconds of listening, timed by our
            server. A quicker like counts for the share of those seconds heard: after 3 seconds, three tenths.
          </Rule>
          <TrustedAccountsRule hours={rules?.accountMinAgeHours ?? 24} />
          <Rule Icon={Users} title="Listeners who like nearly everything">
            A listener with {rules?.likeEverythingMinRated ?? 50} or more verdicts who liked over{' '}
            {rules?.likeEverythingPercent ?? 95} % of them counts less, down to nothing at 100 %: their likes
            say little about any one track.
          </Rule>
        </ul>
      </Section>

      <Section id="secrecy" title="What blind hides, and what it cannot">
        <div className="flex flex-col gap-4 text-base leading-relaxed text-muted">
          <p>
            Before your like, nothing Klang sends you names the track: no title, artist, cover, id, file name
            or byte length that another listener could match with theirs. The sound itself cannot be hidden:
            every listener hears the same music, so a script that compares the audio with a track someone has
            already liked can recognise it, as any song-recognition app could.
          </p>
          <p>
            So the charts do not rely on the audio staying secret. They rely on the rules above: a like counts
            only for a track the deck dealt to that listener and played to them, at the pace a person listens,
            from an account the verdict trusts. Recognising a track does not let anyone be dealt it, or make
            their like count for more.
          </p>
        </div>
      </Section>
    </div>
  );
}

/** "a day", "2 days", "an hour", "36 hours": how the method page names the trusted age. */
function ageInWords(hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? 'a day' : `${hours / 24} days`;
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

/** The age rule as this server applies it (VERDICT_ACCOUNT_MIN_AGE_HOURS); 0 leaves the email rule. */
function TrustedAccountsRule({ hours }: { hours: number }) {
  if (hours <= 0) {
    return (
      <Rule Icon={UserX} title="Email confirmed">
        Verdicts of an account that has not confirmed its email address count for nothing until it does, and
        so do those of temporary checkout accounts and of the shared demo account.
      </Rule>
    );
  }
  return (
    <Rule Icon={UserX} title={`Accounts older than ${ageInWords(hours)}, email confirmed`}>
      Verdicts given in an account’s first {ageInWords(hours)} count for nothing, and so do those of an
      account that has not confirmed its email address (until it does), of temporary checkout accounts and of
      the shared demo account.
    </Rule>
  );
}
