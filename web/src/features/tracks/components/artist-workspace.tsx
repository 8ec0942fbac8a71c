import {
  PRODUCT_NAME,
  TIER_LIMITS,
  TRACK_MESSAGES as M,
  type ArtistTrack,
  type SubscriptionTier,
} from '@klang/domain';
import { BarChart3, CircleHelp, Lock, Upload, Wrench } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { safeStorage, STORAGE_KEYS } from '../../../lib/storage';
import {
  useArtistTracksQuery,
  useDeleteTrackMutation,
  useFeatureTrackMutation,
  useRetryTrackMutation,
} from '../hooks/use-artist-tracks';
import { DashboardDialog } from './dashboard-view';
import { FirstSteps } from './first-steps';
import { TrackRow } from './track-row';
import { UploadTrackDialog } from './upload-track-dialog';
import {
  FeatureTutorialDialog,
  KitBlockedDialog,
  RemoveFeatureDialog,
  TrackLimitDialog,
} from './workspace-dialogs';

type ArtistWorkspaceProps = {
  /** Where Upgrade buttons go (the feature tutorial's goes to /subscription, spec 001 §2). */
  upgradePath: string;
  /** Where the track limit's Upgrade goes, when it differs (the checkout names the limit). */
  trackLimitUpgradePath?: string;
  kitPath: string;
  /** Turns a demo refusal into the demo popup; true when it did. */
  onDemoRefusal: (error: unknown) => boolean;
  /** The gold badge picture (the screen knows the brand assets). */
  goldBadgeSrc: string;
  /** The dashboard the Dashboard button opens, composed with its Hooks tab in app/. */
  dashboard: ReactNode;
};

function HelpTooltip() {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button size="icon" variant="ghost" aria-label="How tracks work">
          <CircleHelp aria-hidden="true" className="size-5" />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="end"
          sideOffset={6}
          className="z-50 max-w-xs rounded-xl border border-line bg-surface p-4 text-sm text-fg/85 shadow-xl"
        >
          <ul className="flex list-disc flex-col gap-2 pl-4">
            <li>Feature up to 3 tracks (1 on the free plan) to put them in the Discover player.</li>
            <li>Each track shows its chart position in its genre today and its move since yesterday.</li>
            <li>Deleting a track removes it and wipes its stats: plays, likes and chart history.</li>
          </ul>
          <Popover.Arrow className="fill-surface" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * The artist part of /profile (spec 001 §2 Artist profile): Kit, dashboard and loyalty buttons,
 * the help tooltip, the track list with upload, feature, retry and delete.
 */
export function ArtistWorkspace({
  upgradePath,
  trackLimitUpgradePath,
  kitPath,
  onDemoRefusal,
  goldBadgeSrc,
  dashboard,
}: ArtistWorkspaceProps) {
  const navigate = useNavigate();
  const tracksQuery = useArtistTracksQuery();
  const feature = useFeatureTrackMutation(onDemoRefusal);
  const remove = useDeleteTrackMutation(onDemoRefusal);
  const retry = useRetryTrackMutation(onDemoRefusal);
  const [isUploadOpen, setUploadOpen] = useState(false);
  const [isLimitOpen, setLimitOpen] = useState(false);
  const [isKitBlockedOpen, setKitBlockedOpen] = useState(false);
  // The dashboard modal is open for the location it opened at: a link inside it (the A/B test's
  // "Go to your tracks", which is this page) leads out of it instead of leaving it in the way.
  const location = useLocation();
  const [dashboardOpenAt, setDashboardOpenAt] = useState<string | null>(null);
  const isDashboardOpen = dashboardOpenAt === location.key;
  const setDashboardOpen = (open: boolean) => {
    setDashboardOpenAt(open ? location.key : null);
  };
  const [isTutorialOpen, setTutorialOpen] = useState(false);
  const [isTutorialHidden, setTutorialHidden] = useState(
    () => safeStorage.get(STORAGE_KEYS.hideFeatureTutorial) === 'true',
  );
  const [unfeaturing, setUnfeaturing] = useState<ArtistTrack | null>(null);

  const data = tracksQuery.data;
  const tier: SubscriptionTier = data?.tier ?? 'free';
  const hasKit = TIER_LIMITS[tier].kit;

  function openUpload() {
    if (data?.uploadLimit != null && data.tracks.length >= data.uploadLimit) setLimitOpen(true);
    else setUploadOpen(true);
  }

  function toggleFeature(track: ArtistTrack) {
    if (track.featured) setUnfeaturing(track);
    else feature.mutate({ trackId: track.id, featured: true });
  }

  return (
    <section aria-labelledby="artist-tracks-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap gap-3">
        {/* Never disabled: for a free artist a click, tap or key opens the Pro popup (spec 001 §2),
            and a disabled or aria-disabled button would swallow the pointer. */}
        <Button
          variant="secondary"
          aria-haspopup={hasKit ? undefined : 'dialog'}
          onClick={() => {
            if (hasKit) void navigate(kitPath);
            else setKitBlockedOpen(true);
          }}
        >
          {hasKit ? (
            <Wrench aria-hidden="true" className="size-4" />
          ) : (
            <Lock aria-hidden="true" className="size-4" />
          )}
          {PRODUCT_NAME} Kit
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDashboardOpen(true);
          }}
        >
          <BarChart3 aria-hidden="true" className="size-4" />
          Dashboard
        </Button>
        {data?.goldBadge && (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-line px-3 text-sm font-semibold text-fg">
            <img src={goldBadgeSrc} alt="" className="size-5" />
            Gold badge
          </span>
        )}
      </div>

      {data && (
        <FirstSteps
          tracks={data.tracks}
          onUpload={openUpload}
          onFeature={(track) => {
            feature.mutate({ trackId: track.id, featured: true });
          }}
          isFeaturing={feature.isPending}
        />
      )}

      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-1">
          <h2
            id="artist-tracks-heading"
            className="text-xl font-bold tracking-tight whitespace-nowrap text-fg"
          >
            Your tracks
          </h2>
          <HelpTooltip />
        </div>
        <Button onClick={openUpload}>
          <Upload aria-hidden="true" className="size-4" />
          Upload Track
        </Button>
      </div>

      {tracksQuery.isPending ? (
        <Spinner label="Loading your tracks" />
      ) : tracksQuery.isError ? (
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void tracksQuery.refetch()}>
              Try Again
            </Button>
          }
        >
          {tracksQuery.error.message || M.tracksLoadFailed}
        </Banner>
      ) : data?.tracks.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line px-4 py-8 text-center text-muted">
          {M.noTracks}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {data?.tracks.map((track) => (
            <TrackRow
              key={track.id}
              track={track}
              onToggleFeature={toggleFeature}
              onRetry={(t) => {
                retry.mutate(t.id);
              }}
              onDelete={(t) => {
                if (window.confirm(M.deleteConfirm)) remove.mutate(t.id);
              }}
            />
          ))}
        </ul>
      )}
      {data && (
        <p className="text-sm text-muted">
          {data.tracks.filter((t) => t.featured).length} of {data.featureLimit} featured
          {data.uploadLimit !== null &&
            ` · ${String(data.tracks.length)} of ${String(data.uploadLimit)} uploads`}
        </p>
      )}

      <UploadTrackDialog
        open={isUploadOpen}
        onOpenChange={setUploadOpen}
        onRefusal={onDemoRefusal}
        onUploaded={() => {
          if (data?.tracks.length === 0 && !isTutorialHidden) setTutorialOpen(true);
        }}
      />
      <TrackLimitDialog
        open={isLimitOpen}
        onOpenChange={setLimitOpen}
        upgradePath={trackLimitUpgradePath ?? upgradePath}
      />
      <KitBlockedDialog open={isKitBlockedOpen} onOpenChange={setKitBlockedOpen} upgradePath={upgradePath} />
      <FeatureTutorialDialog
        open={isTutorialOpen}
        onOpenChange={setTutorialOpen}
        tier={tier}
        upgradePath={upgradePath}
        isHidden={isTutorialHidden}
        onHideForever={(hide) => {
          setTutorialHidden(hide);
          if (hide) safeStorage.set(STORAGE_KEYS.hideFeatureTutorial, 'true');
          else safeStorage.remove(STORAGE_KEYS.hideFeatureTutorial);
        }}
      />
      <RemoveFeatureDialog
        open={unfeaturing !== null}
        onOpenChange={(open) => {
          if (!open) setUnfeaturing(null);
        }}
        onConfirm={() => {
          if (unfeaturing) feature.mutate({ trackId: unfeaturing.id, featured: false });
        }}
      />
      <DashboardDialog open={isDashboardOpen} onOpenChange={setDashboardOpen}>
        {dashboard}
      </DashboardDialog>
    </section>
  );
}
