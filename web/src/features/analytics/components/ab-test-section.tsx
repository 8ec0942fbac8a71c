import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTrackAbTestQuery } from '../api/analytics-api';
import { AbTestComparison } from './ab-test-comparison';
import { AbTestSetup, type AbTestLinks } from './ab-test-setup';
import { Section } from './hook-panels';

/**
 * A track's blind A/B test in the Hooks tab (issue 31 items 1 and 5): the running or last test,
 * and the set-up whenever none runs. Apart from hook analytics, so it shows while they still
 * wait for listeners: a fresh test starts with none.
 */
export function AbTestSection({ trackId, links }: { trackId: string; links: AbTestLinks }) {
  const query = useTrackAbTestQuery(trackId);
  return (
    <Section
      title="A/B test"
      description="Test two versions of this track on the same blind audience, and see which they like more."
    >
      {query.isPending ? (
        <Spinner label="Loading the A/B test" />
      ) : query.isError ? (
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          }
        >
          {query.error.message}
        </Banner>
      ) : (
        <>
          {query.data.test && <AbTestComparison trackId={trackId} test={query.data.test} />}
          {query.data.test?.status !== 'running' && (
            <div className={query.data.test ? 'border-t border-line pt-4' : undefined}>
              <AbTestSetup page={query.data} links={links} hasEndedTest={query.data.test !== null} />
            </div>
          )}
        </>
      )}
    </Section>
  );
}
