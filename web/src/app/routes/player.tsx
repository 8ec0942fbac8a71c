import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useAuthStore } from '../../features/accounts/auth-store';
import { InstallOffer } from '../../features/install/install-offer';
import { Discover } from '../../features/player/components/discover';
import { usePlayerStore } from '../../features/player/player-store';
import { BRAND_ASSETS } from '../../lib/brand-assets';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';

export function Component() {
  useDocumentTitle('Discover');
  const isListener = useAuthStore((state) => state.profile?.role === 'listener');
  const likeCount = usePlayerStore((state) => state.likedTrackIds.length);
  return (
    <section className="mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center gap-6 px-5 py-10">
      <h1 className="sr-only">Discover</h1>
      <Discover
        artistHref={(artistId) => paths.artist(artistId)}
        shareHref={(token) => paths.share(token)}
        verifiedBadgeSrc={BRAND_ASSETS.verifiedBadge}
        libraryLink={
          <Button asChild variant="secondary">
            <Link to={paths.library}>Go to your library</Link>
          </Button>
        }
        chartsLink={
          <Button asChild>
            <Link to={paths.charts}>See the charts</Link>
          </Button>
        }
        inviteLink={
          isListener && (
            <Button asChild variant="secondary">
              <Link to={paths.profile}>Invite a friend</Link>
            </Button>
          )
        }
      />
      <InstallOffer likeCount={likeCount} className="w-full" />
    </section>
  );
}
