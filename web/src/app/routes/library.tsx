import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Library } from '../../features/catalogue/components/library';
import { useListPlayback } from '../../features/player/hooks/use-list-playback';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';

export function Component() {
  useDocumentTitle('Library');
  const playback = useListPlayback('library');
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Library</h1>
      <Library
        playback={playback}
        artistHref={(artistId) => paths.artist(artistId)}
        discoverLink={
          <Button asChild>
            <Link to={paths.player}>Go to Discover</Link>
          </Button>
        }
      />
    </section>
  );
}
