import { CATALOGUE_MESSAGES } from '@klang/domain';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Spinner } from '../../../components/ui/spinner';
import { useFollowedArtistsQuery } from '../api/catalogue-api';

interface FollowedArtistsProps {
  artistHref: (artistId: string) => string;
  verifiedBadgeSrc: string;
}

/** 'Artists you follow' on the listener profile (spec 001 §2): newest follow first. */
export function FollowedArtists({ artistHref, verifiedBadgeSrc }: FollowedArtistsProps) {
  const follows = useFollowedArtistsQuery();
  return (
    <section aria-labelledby="followed-artists" className="flex flex-col gap-3">
      <h2 id="followed-artists" className="text-lg font-bold text-fg">
        Artists you follow
      </h2>
      {follows.isPending ? (
        <Spinner label="Loading the artists you follow" className="my-6" />
      ) : follows.isError ? (
        <p className="text-primary">{follows.error.message}</p>
      ) : follows.data.length === 0 ? (
        <p className="text-muted">{CATALOGUE_MESSAGES.noFollows}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {follows.data.map((artist) => (
            <li key={artist.id}>
              <Link
                to={artistHref(artist.id)}
                className="flex items-center gap-3 rounded-2xl px-3 py-2.5 transition-colors hover:bg-field/60"
              >
                <Avatar src={artist.imageUrl} size="sm" className="ring-0" />
                <span className="min-w-0 flex-1 truncate font-semibold text-fg">{artist.name}</span>
                {artist.goldBadge && <img src={verifiedBadgeSrc} alt="Verified artist" className="size-5" />}
                <ChevronRight aria-hidden="true" className="size-4 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
