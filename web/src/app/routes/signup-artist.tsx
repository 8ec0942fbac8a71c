import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../features/accounts/components/auth-card';
import { SignupForm } from '../../features/accounts/components/signup-form';
import { paths } from '../paths';

/**
 * /signup/artist (spec 000 §2, spec 001 §4), the free path: profile rows, loyalty row and a
 * welcome email, then the player. The checkout path ('Complete Your Artist Profile') arrives
 * with payments.
 */
export function Component() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Create Your Artist Profile"
      subtitle="Upload your tracks and let listeners find them on sound alone."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.login} className="font-medium text-accent underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <SignupForm kind="artist" onSignedUp={() => void navigate(paths.player, { replace: true })} />
    </AuthCard>
  );
}
