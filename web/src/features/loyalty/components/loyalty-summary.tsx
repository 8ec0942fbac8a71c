import {
  BLIND_NOTES,
  describeLoyaltyTier,
  LOYALTY_MESSAGES,
  LOYALTY_TIERS,
  loyaltyProgress,
  POINTS,
} from '@klang/domain';
import { CalendarCheck, Clock, Heart, Library, MapPin, MoveHorizontal } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { useLoyaltyCardQuery } from '../api/loyalty-api';
import { TierBadge } from './tier-badge';
import { TierProgressBar } from './tier-progress-bar';

const number = new Intl.NumberFormat('en-GB');

/** What earns K-Points, in the amounts the server awards (product-decisions.md Loyalty). */
const EARNING = [
  { icon: MoveHorizontal, label: 'Swipe a track you have not rated', points: POINTS.swipe },
  { icon: Heart, label: 'Like a track (plus the swipe)', points: POINTS.like },
  { icon: Library, label: 'Add a liked track to your library', points: POINTS.library },
  { icon: Clock, label: 'Listen for a minute', points: POINTS.listeningMinute },
  { icon: CalendarCheck, label: 'Your first login of the day', points: POINTS.dailyLogin },
  {
    icon: MapPin,
    label: `Leave a Blind Note: a skip's reason or a moment (first ${String(BLIND_NOTES.pointedNotesPerDay)} a day)`,
    points: BLIND_NOTES.points,
  },
] as const;

/**
 * The loyalty part of /profile: tier, points, progress to the next tier and what earns points,
 * without opening the card (the Loyalty Card button beside it still does, spec 001 §2). Each track earns its swipe, like and library points once.
 */
export function LoyaltySummary() {
  const card = useLoyaltyCardQuery(true);
  return (
    <section
      aria-labelledby="loyalty-summary-title"
      className="flex flex-col gap-5 rounded-3xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="loyalty-summary-title" className="text-lg font-bold text-fg">
        K-Points
      </h2>
      {card.isPending ? (
        <Spinner label="Loading your points" className="mx-auto my-4" />
      ) : card.isError ? (
        <p role="alert" className="text-accent">
          {LOYALTY_MESSAGES.loadFailed}
        </p>
      ) : (
        <Standing tier={card.data.tier} points={card.data.points} />
      )}
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-muted">How to earn points</h3>
        <ul className="grid gap-2 sm:grid-cols-2">
          {EARNING.map(({ icon: Icon, label, points }) => (
            <li key={label} className="flex items-center gap-3 rounded-xl bg-field/60 px-3 py-2.5 text-sm">
              <Icon aria-hidden="true" className="size-4 shrink-0 text-accent" />
              <span className="min-w-0 flex-1 text-fg">{label}</span>
              <span className="shrink-0 font-bold text-fg tabular-nums">+{number.format(points)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Standing({ tier, points }: { tier: string; points: number }) {
  const described = describeLoyaltyTier(tier);
  const progress = loyaltyProgress(tier, points);
  const next = LOYALTY_TIERS[LOYALTY_TIERS.findIndex((t) => t.tier === described.tier) + 1];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <p className="text-4xl font-bold text-fg tabular-nums">
          {number.format(points)} <span className="text-base font-semibold text-muted">points</span>
        </p>
        <TierBadge tier={tier} tone="on-surface" />
      </div>
      {progress === null ? (
        <p className="text-sm font-semibold text-fg">{LOYALTY_MESSAGES.maximumLevel}</p>
      ) : (
        <div className="flex flex-col gap-1.5">
          <TierProgressBar
            progress={progress}
            nextLabel={next?.label}
            trackClassName="bg-field"
            fillClassName="bg-primary"
          />
          {next && (
            <p className="text-sm text-muted">
              <span className="font-semibold text-fg tabular-nums">
                {number.format(Math.max(0, next.from - points))}
              </span>{' '}
              points to {next.label}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
