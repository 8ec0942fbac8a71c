import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { analyticsKeys } from '../api/analytics-api';
import type { AbTestLinks } from './ab-test-setup';

/** The hook charts bring their charting library: loaded when the Hooks tab first opens. */
const HookAnalytics = lazy(() =>
  import('./hook-analytics').then((module) => ({ default: module.HookAnalytics })),
);

/**
 * The dashboard's Hooks tab (decision 0200): one of the artist's tracks at a time, with its A/B
 * test (issue 31), whose set-up links to the plans and to the artist's tracks.
 */
export function HooksTab({
  tracks,
  abTestLinks,
}: {
  tracks: { id: string; title: string }[];
  abTestLinks: AbTestLinks;
}) {
  return (
    <Suspense fallback={<Spinner label="Loading hook analytics" />}>
      <HookAnalytics tracks={tracks} abTestLinks={abTestLinks} />
    </Suspense>
  );
}

/** Refetches every track's hook analytics and A/B test the screen holds (the dashboard's refresh button). */
export function useRefreshTrackHooks(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: analyticsKeys.allHooks() });
    void queryClient.invalidateQueries({ queryKey: analyticsKeys.allAbTests() });
  };
}
