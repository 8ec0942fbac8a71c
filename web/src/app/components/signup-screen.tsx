import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../features/accounts/components/auth-card';
import { SignupForm, type ArtistCompletion } from '../../features/accounts/components/signup-form';
import { paths } from '../paths';

type SignupScreenProps = {
  kind: 'listener' | 'artist';
  title: string;
  subtitle: string;
  /** The artist signup after a checkout finishes this way (spec 001 §4). */
  completion?: ArtistCompletion | undefined;
  /** Shown above the form: an invite's inviter, or why the invite cannot be used. */
  notice?: ReactNode;
  inviteToken?: string | undefined;
  onInviteRefused?: ((message: string) => void) | undefined;
  /** Where the account lands; the player unless told otherwise. */
  afterSignup?: string;
};

/** Listener and artist signup share their frame: the form, a way to log in, then the player. */
export function SignupScreen({
  kind,
  title,
  subtitle,
  completion,
  notice,
  inviteToken,
  onInviteRefused,
  afterSignup = paths.player,
}: SignupScreenProps) {
  const navigate = useNavigate();
  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.login} className="font-medium text-accent underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      {notice}
      <SignupForm
        kind={kind}
        completion={completion}
        inviteToken={inviteToken}
        onInviteRefused={onInviteRefused}
        onSignedUp={() => void navigate(afterSignup, { replace: true })}
      />
    </AuthCard>
  );
}
