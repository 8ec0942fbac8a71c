import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../features/accounts/components/auth-card';
import { ResetPasswordForm } from '../../features/accounts/components/reset-password-form';
import { paths } from '../paths';

/** /reset-password (spec 001 §2, §4): opened from the emailed link, whose token is in the fragment. */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  const goToLogin = useCallback(() => void navigate(paths.login, { replace: true }), [navigate]);
  return (
    <AuthCard title="Set a new password" subtitle="Choose a password of at least 6 characters.">
      <ResetPasswordForm token={token} onDone={goToLogin} />
    </AuthCard>
  );
}
