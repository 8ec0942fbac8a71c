import { Link, useLocation } from 'react-router';
import { useAuthStore } from '../../features/accounts/auth-store';
import { AuthCard } from '../../features/accounts/components/auth-card';
import { EmailVerificationBanner } from '../../features/accounts/components/email-verification-banner';
import { VerifyEmailResult } from '../../features/accounts/components/verify-email-result';
import { paths } from '../paths';

/** /verify-email (decision 0255): opened from the emailed link, whose token is in the fragment. */
export function Component() {
  const location = useLocation();
  const isSignedIn = useAuthStore((state) => state.user !== null);
  const token = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  return (
    <AuthCard title="Confirm your email" subtitle="One click, and your likes count in the charts.">
      <VerifyEmailResult
        token={token}
        next={
          <>
            {isSignedIn && <EmailVerificationBanner />}
            <Link
              to={isSignedIn ? paths.profile : paths.login}
              className="font-medium text-accent underline-offset-4 hover:underline"
            >
              {isSignedIn ? 'Go to your profile' : 'Log in'}
            </Link>
          </>
        }
      />
    </AuthCard>
  );
}
