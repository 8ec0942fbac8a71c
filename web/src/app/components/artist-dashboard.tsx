import { HooksTab, useRefreshTrackHooks } from '../../features/analytics/components/hooks-tab';
import { DashboardView } from '../../features/tracks/components/dashboard-view';

/**
 * The artist's dashboard (spec 001 §9): the tracks feature's stats with the analytics feature's
 * Hooks tab, on /dashboard and in the profile's Dashboard modal.
 */
export function ArtistDashboard() {
  const refreshHooks = useRefreshTrackHooks();
  return <DashboardView hooksTab={(tracks) => <HooksTab tracks={tracks} />} onRefresh={refreshHooks} />;
}
