import {
  describeLoyaltyTier,
  LOYALTY_MESSAGES,
  LOYALTY_TIERS,
  loyaltyProgress,
  PRODUCT_NAME,
  type LoyaltyCard,
} from '@klang/domain';
import { Clock, Heart, Library, MoveHorizontal } from 'lucide-react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useLoyaltyCardQuery } from '../api/loyalty-api';
import { TierBadge } from './tier-badge';
import { TierProgressBar } from './tier-progress-bar';

interface LoyaltyCardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const number = new Intl.NumberFormat('en-GB');

/** Minutes as the card shows them: '2h 5m', '45m'. */
export function formatListening(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}

/** The Loyalty Card modal (spec 001 §2 Modals, §4 Loyalty tiers). */
export function LoyaltyCardDialog({ open, onOpenChange }: LoyaltyCardDialogProps) {
  const card = useLoyaltyCardQuery(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Loyalty Card" size="sm">
        <div className="px-6 pb-6">
          {card.isPending ? (
            <Spinner label="Loading your loyalty card" className="mx-auto my-10" />
          ) : card.isError ? (
            <p role="alert" className="py-6 text-center text-primary">
              {LOYALTY_MESSAGES.loadFailed}
            </p>
          ) : (
            <CardFace card={card.data} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function CardFace({ card }: { card: LoyaltyCard }) {
  const tier = describeLoyaltyTier(card.tier);
  const progress = loyaltyProgress(card.tier, card.points);
  const next = LOYALTY_TIERS[LOYALTY_TIERS.findIndex((t) => t.tier === tier.tier) + 1];
  // Silver and Gold are light: dark text reads on them, white on the rest.
  const ink = tier.tier === 'Silver' || tier.tier === 'Gold' ? 'text-ink' : 'text-white';
  const stats = [
    { label: 'Swipes', value: number.format(card.swipes), icon: MoveHorizontal },
    { label: 'Likes', value: number.format(card.likes), icon: Heart },
    { label: 'Library adds', value: number.format(card.addedToLibrary), icon: Library },
    { label: 'Listening', value: formatListening(card.listeningMinutes), icon: Clock },
  ];
  return (
    <div className="flex flex-col gap-5">
      <div
        data-tier={tier.tier}
        className={`relative overflow-hidden rounded-2xl p-5 shadow-xl ${ink}`}
        style={{
          background: `linear-gradient(135deg, ${tier.color}, color-mix(in srgb, ${tier.color} 55%, #0b0b0f))`,
        }}
      >
        <div
          aria-hidden="true"
          className="absolute -top-10 -right-10 size-40 rounded-full bg-white/15 blur-2xl"
        />
        <div className="relative flex items-center justify-between gap-3">
          <p className="min-w-0 truncate text-xs font-semibold tracking-[0.2em] uppercase opacity-80">
            {PRODUCT_NAME} member
          </p>
          <TierBadge tier={card.tier} />
        </div>
        <p className="relative mt-2 text-xl font-bold break-all">{card.memberName}</p>
        <p className="relative mt-6 text-4xl font-bold tabular-nums">
          {number.format(card.points)} <span className="text-base font-semibold opacity-80">K-Points</span>
        </p>
        <div className="relative mt-4">
          {progress === null ? (
            <p className="text-sm font-semibold">{LOYALTY_MESSAGES.maximumLevel}</p>
          ) : (
            <>
              <TierProgressBar
                progress={progress}
                nextLabel={next?.label}
                trackClassName="bg-black/25"
                fillClassName="bg-current"
              />
              {next && (
                <p className="mt-1.5 text-xs font-medium opacity-85">
                  {number.format(Math.max(0, next.from - card.points))} points to {next.label}
                </p>
              )}
            </>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        {stats.map(({ label, value, icon: Icon }) => (
          <div key={label} className="flex flex-col gap-1 rounded-xl border border-line bg-field/50 p-3">
            <dt className="flex items-center gap-2 text-xs text-muted">
              <Icon aria-hidden="true" className="size-4 shrink-0 text-accent" />
              {label}
            </dt>
            <dd className="text-lg font-bold text-fg tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
