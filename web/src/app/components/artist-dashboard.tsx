import { HooksTab, useRefreshTrackHooks } from '../../features/analytics/components/hooks-tab';
import { DashboardView } from '../../features/tracks/components/dashboard-view';
import { paths } from '../paths';

/** The A/B test set-up's ways forward: the plans, and the profile, where tracks are uploaded and featured. */
const AB_TEST_LINKS = { plans: paths.artistSubscription, tracks: paths.profile };

/**
 * The artist's dashboard (spec 001 §9): the tracks feature's stats with the analytics feature's
 * Hooks tab, on /dashboard and in the profile's Dashboard modal.
 */
export function ArtistDashboard() {
  const refreshHooks = useRefreshTrackHooks();
  return (
    <DashboardView
      hooksTab={(tracks) => <HooksTab tracks={tracks} abTestLinks={AB_TEST_LINKS} />}
      onRefresh={refreshHooks}
    />
  );
}
