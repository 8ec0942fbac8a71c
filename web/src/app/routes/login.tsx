import { Link, useLocation, useNavigate } from 'react-router';
import { readRedirectTarget } from '../../features/accounts/auth-redirect';
import { AuthCard } from '../../features/accounts/components/auth-card';
import { LoginForm } from '../../features/accounts/components/login-form';
import { CaptchaField } from '../../features/forms/components/captcha-field';
import { paths } from '../paths';

/** /login (spec 001 §2): sign in, then back to where the visitor was headed, or the player. */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in with your email or username."
      footer={
        <div className="flex flex-col gap-2">
          <p>
            New here?{' '}
            <Link
              to={paths.signupListener}
              className="font-medium text-accent underline-offset-4 hover:underline"
            >
              Create a listener account
            </Link>
          </p>
          <p>
            Making music?{' '}
            <Link
              to={paths.accountType}
              className="font-medium text-accent underline-offset-4 hover:underline"
            >
              Create an artist account
            </Link>
          </p>
          <p>
            Just looking?{' '}
            <Link to={paths.demoLogin} className="font-medium text-accent underline-offset-4 hover:underline">
              Try the demo account
            </Link>
          </p>
        </div>
      }
    >
      <LoginForm
        Challenge={CaptchaField}
        onSignedIn={() => {
          void navigate(readRedirectTarget(location.state) ?? paths.player, { replace: true });
        }}
      />
    </AuthCard>
  );
}
