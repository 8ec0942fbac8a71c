import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../features/accounts/components/auth-card';
import { DemoCredentials } from '../../features/accounts/components/demo-credentials';
import { useDemoLogin } from '../../features/accounts/hooks/use-demo-login';
import { paths } from '../paths';

/** /demo-login (spec 001 §2, §4): the shared demo account, restricted by the server. */
export function Component() {
  const navigate = useNavigate();
  // The player store arrives with the player issue; until then there is no player state to reset.
  const resetPlayer = useCallback(() => undefined, []);
  const onReady = useCallback(() => void navigate(paths.player, { replace: true }), [navigate]);
  const { start, error, isWorking } = useDemoLogin({ resetPlayer, onReady });
  return (
    <AuthCard
      title="Try the demo"
      subtitle="Look around as a demo artist. Use these details, or let us sign you in."
      footer={
        <p>
          Want your own account?{' '}
          <Link to={paths.accountType} className="font-medium text-accent underline-offset-4 hover:underline">
            Create one
          </Link>
        </p>
      }
    >
      <DemoCredentials onExplore={() => void start()} isWorking={isWorking} error={error} />
    </AuthCard>
  );
}
