import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { analyticsKeys } from '../api/analytics-api';

/** The hook charts bring their charting library: loaded when the Hooks tab first opens. */
const HookAnalytics = lazy(() =>
  import('./hook-analytics').then((module) => ({ default: module.HookAnalytics })),
);

/** The dashboard's Hooks tab (decision 0200): one of the artist's tracks at a time. */
export function HooksTab({ tracks }: { tracks: { id: string; title: string }[] }) {
  return (
    <Suspense fallback={<Spinner label="Loading hook analytics" />}>
      <HookAnalytics tracks={tracks} />
    </Suspense>
  );
}

/** Refetches every track's hook analytics the screen holds (the dashboard's refresh button). */
export function useRefreshTrackHooks(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: analyticsKeys.allHooks() });
  };
}
