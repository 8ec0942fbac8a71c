import { Avatar } from '../../../components/ui/avatar';
import { formatLongDate } from '../../../lib/format-date';
import type { AuthProfile } from '../auth-store';

const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * The account part of /profile (spec 001 §2): for artists the avatar, artist name, @username,
 * bio, follower count and trial end date; for listeners the avatar, @username and bio. Only the
 * signed-in user's own data appears here: nothing about tracks they have not liked.
 */
export function ProfileSummary({ profile }: { profile: AuthProfile }) {
  const isArtist = profile.role === 'artist';
  return (
    <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
      <Avatar src={profile.profileImageUrl} />
      <div className="flex min-w-0 flex-col gap-1.5">
        <h2 className="text-2xl font-bold tracking-tight text-fg">
          {isArtist ? (profile.artistName ?? profile.username) : profile.username}
        </h2>
        <p className="text-[0.9375rem] text-muted">@{profile.username}</p>
        {profile.bio && <p className="max-w-prose text-[0.9375rem] text-fg/85">{profile.bio}</p>}
        {isArtist && (
          <p className="text-sm text-muted">
            {compact.format(profile.followers ?? 0)} {profile.followers === 1 ? 'follower' : 'followers'}
            {profile.trialEndDate && <> · Trial ends {formatLongDate(profile.trialEndDate)}</>}
          </p>
        )}
      </div>
    </div>
  );
}
