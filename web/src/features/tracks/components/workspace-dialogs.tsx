import { TIER_LIMITS, type SubscriptionTier } from '@klang/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';

type SimpleDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Spec 001 §2 Modals: asked before a featured track leaves the player. */
export function RemoveFeatureDialog({
  open,
  onOpenChange,
  onConfirm,
}: SimpleDialogProps & { onConfirm: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Remove from player?"
        description="Listeners will stop discovering this track in the player. You can feature it again later."
        size="sm"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Keep featured</Button>
            </DialogClose>
            <Button
              onClick={() => {
                onConfirm();
                onOpenChange(false);
              }}
            >
              Remove from player
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

type UpgradeDialogProps = SimpleDialogProps & { upgradePath: string; title: string; description: string };

/** A refusal that only an upgrade lifts, with the way to it. */
function UpgradeDialog({ open, onOpenChange, upgradePath, title, description }: UpgradeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={description}
        size="sm"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Not now</Button>
            </DialogClose>
            <Button asChild>
              <Link
                to={upgradePath}
                onClick={() => {
                  onOpenChange(false);
                }}
              >
                Upgrade
              </Link>
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

/** Spec 001 §2 Modals: the track limit popup of the free tier. */
export function TrackLimitDialog(props: SimpleDialogProps & { upgradePath: string }) {
  return (
    <UpgradeDialog
      {...props}
      title="Track limit reached"
      description={`Free accounts can upload ${String(TIER_LIMITS.free.uploads)} tracks. Upgrade to Pro for unlimited uploads and 3 featured tracks.`}
    />
  );
}

/** Spec 001 §2: the Klang Kit is for pro and trial artists; others get this popup. */
export function KitBlockedDialog(props: SimpleDialogProps & { upgradePath: string }) {
  return (
    <UpgradeDialog
      {...props}
      title="Klang Kit is a Pro feature"
      description="Upgrade to Artist Pro (or start your trial) to open the Klang Kit production tools."
    />
  );
}

type FeatureTutorialProps = SimpleDialogProps & {
  tier: SubscriptionTier;
  upgradePath: string;
  onHideForever: (hide: boolean) => void;
  isHidden: boolean;
};

/** Spec 001 §2: shown after the first upload unless hideFeatureTutorial is set. */
export function FeatureTutorialDialog({
  open,
  onOpenChange,
  tier,
  upgradePath,
  onHideForever,
  isHidden,
}: FeatureTutorialProps) {
  const limit = TIER_LIMITS[tier].featured;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Feature your track"
        description={`Press Feature on a track to put it in the Discover player. Your plan features up to ${String(limit)} ${limit === 1 ? 'track' : 'tracks'} at a time.`}
        footer={
          <>
            {tier === 'free' && (
              <Button variant="secondary" asChild>
                <Link
                  to={upgradePath}
                  onClick={() => {
                    onOpenChange(false);
                  }}
                >
                  Upgrade
                </Link>
              </Button>
            )}
            <DialogClose asChild>
              <Button>Got it</Button>
            </DialogClose>
          </>
        }
      >
        <div className="flex flex-col gap-3 text-[0.9375rem] text-fg/85">
          <p>Listeners hear featured tracks blind: your name shows only after they like one.</p>
          <p>
            The likes and skips of blind listeners decide your chart position in the track&apos;s genre: the
            share of likes among the blind listeners who rated it in the chart&apos;s window (30 days by
            default).
          </p>
          <Checkbox
            label="Don't show this again"
            checked={isHidden}
            onCheckedChange={(v) => {
              onHideForever(v);
            }}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
