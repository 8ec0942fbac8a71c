import { INVITE_QUERY_PARAMETER } from '@klang/domain';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { readRedirectTarget } from '../../features/accounts/auth-redirect';
import { Banner } from '../../components/ui/banner';
import { useInvitePreviewQuery } from '../../features/accounts/api/invites-api';
import { SignupScreen } from '../components/signup-screen';

/**
 * /signup/listener (spec 000 §2): a working listener account, then straight to the player. It is
 * open to anyone; an invite link (`?invite=`) names who invited the visitor and credits them. A
 * link that cannot be used says why, and the signup goes on without it.
 */
export function Component() {
  const [params] = useSearchParams();
  // A page that sent the visitor here to sign up (a share link) is where they go back to.
  const returnTo = readRedirectTarget(useLocation().state);
  // An empty `?invite=` is no invite at all.
  const rawToken = params.get(INVITE_QUERY_PARAMETER);
  const token = rawToken === '' ? null : rawToken;
  const preview = useInvitePreviewQuery(token);
  const [refusal, setRefusal] = useState<string | null>(null);
  const problem = refusal ?? (preview.isError ? preview.error.message : null);
  const inviter = problem ? undefined : preview.data?.inviterUsername;

  return (
    <SignupScreen
      kind="listener"
      {...(returnTo && { afterSignup: returnTo })}
      title="Create Your Listener Account"
      subtitle="Hear new music blind. Like a track to find out who made it."
      inviteToken={token !== null && !problem ? token : undefined}
      onInviteRefused={setRefusal}
      notice={
        problem ? (
          <Banner tone="error">{problem}</Banner>
        ) : inviter ? (
          <p className="flex items-center gap-3 rounded-2xl border border-primary/40 bg-primary/10 px-4 py-3 text-[0.9375rem] text-fg">
            <Gift aria-hidden="true" className="size-5 shrink-0 text-accent" />
            <span>
              <span className="font-semibold">@{inviter}</span> invited you to Klang.
            </span>
          </p>
        ) : null
      }
    />
  );
}
