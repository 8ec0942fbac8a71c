import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Charts } from '../../features/catalogue/components/charts';
import { preloadTrack } from '../../features/player/audio/audio-engine';
import { useBlindChartPlay } from '../../features/player/hooks/use-blind-chart-play';
import { useListPlayback } from '../../features/player/hooks/use-list-playback';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';

export function Component() {
  useDocumentTitle('Charts');
  const playback = useListPlayback('charts');
  const blindPlay = useBlindChartPlay();
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-fg">Charts</h1>
        <p className="text-muted">
          Ranked by the verdict of listeners who heard every track blind.{' '}
          <Link
            to={paths.chartsMethod}
            className="font-medium text-accent underline-offset-4 hover:underline"
          >
            How the charts rank
          </Link>
        </p>
      </header>
      <Charts
        playback={playback}
        artistHref={(artistId) => paths.artist(artistId)}
        preload={preloadTrack}
        blindPlay={blindPlay}
        discoverLink={
          <Button asChild size="sm">
            <Link to={paths.player}>Discover</Link>
          </Button>
        }
      />
    </section>
  );
}
