import { describeLoyaltyTier } from '@klang/domain';
import { cn } from '../../../components/ui/cn';

/**
 * A loyalty tier's label in a pill. It never shrinks or wraps: the pill takes its text's width
 * and the content beside it gives way, so 'Community' never reads 'Communit' (or 'Co' on a phone).
 */
export function TierBadge({
  tier,
  tone = 'on-card',
  className,
}: {
  /** The stored tier, as the server wrote it; an unknown one reads as Red / Community. */
  tier: string;
  /** On the coloured card face, or on the app's own surface with a dot of the tier's colour. */
  tone?: 'on-card' | 'on-surface';
  className?: string;
}) {
  const described = describeLoyaltyTier(tier);
  return (
    <span
      data-tier={described.tier}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1 text-sm font-bold whitespace-nowrap',
        tone === 'on-card' ? 'bg-black/20' : 'border border-line bg-field text-fg',
        className,
      )}
    >
      {tone === 'on-surface' && (
        <span
          aria-hidden="true"
          className="size-2.5 rounded-full ring-1 ring-fg/20"
          style={{ backgroundColor: described.color }}
        />
      )}
      {described.label}
    </span>
  );
}
