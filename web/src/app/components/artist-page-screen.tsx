import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { useAuthStore } from '../../features/accounts/auth-store';
import type { ArtistRef } from '../../features/catalogue/api/catalogue-api';
import { ArtistPage } from '../../features/catalogue/components/artist-page';
import { useListPlayback } from '../../features/player/hooks/use-list-playback';
import { BRAND_ASSETS } from '../../lib/brand-assets';
import { paths } from '../paths';

/** The artist page at `/artist/{id}` and at a pro artist's `/{artistUrl}` (spec 001 §2, §5). */
export function ArtistPageScreen({ artistRef }: { artistRef: ArtistRef }) {
  const navigate = useNavigate();
  const viewerId = useAuthStore((state) => state.user?.id ?? null);
  // Liked tracks play from here as from the charts: a public list, not the listener's own.
  const playback = useListPlayback('charts');
  const onUnavailable = useCallback(
    (message: string) => {
      toast({ title: message, tone: 'error' });
      void navigate(paths.home, { replace: true });
    },
    [navigate],
  );
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8 sm:py-8">
      <ArtistPage
        artistRef={artistRef}
        playback={playback}
        artistHref={(artistId) => paths.artist(artistId)}
        verifiedBadgeSrc={BRAND_ASSETS.verifiedBadge}
        viewerId={viewerId}
        signInLink={
          <Button asChild>
            <Link to={paths.login}>Sign in to follow</Link>
          </Button>
        }
        onBack={() => {
          // Back to where the listener came from, or home when the page was opened directly.
          if (window.history.length > 1) void navigate(-1);
          else void navigate(paths.home);
        }}
        onUnavailable={onUnavailable}
      />
    </section>
  );
}
