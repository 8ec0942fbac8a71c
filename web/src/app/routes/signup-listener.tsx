import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../features/accounts/components/auth-card';
import { SignupForm } from '../../features/accounts/components/signup-form';
import { paths } from '../paths';

/** /signup/listener (spec 000 §2): a working listener account, then straight to the player. */
export function Component() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Create Your Listener Account"
      subtitle="Hear new music blind. Like a track to find out who made it."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.login} className="font-medium text-accent underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <SignupForm kind="listener" onSignedUp={() => void navigate(paths.player, { replace: true })} />
    </AuthCard>
  );
}
