import { UPGRADE_MESSAGES } from '@klang/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ArtistCompletion } from '../../features/accounts/components/signup-form';
import { accountKeys } from '../../features/accounts/api/accounts-api';
import {
  completeCheckoutSignup,
  paymentsKeys,
  useCheckoutSignupState,
  type SignupStage,
} from '../../features/payments/api/subscription-api';
import { Spinner } from '../../components/ui/spinner';
import { SignupScreen } from '../components/signup-screen';
import { paths } from '../paths';

const STEP_LABELS: Record<SignupStage, string> = {
  linking: UPGRADE_MESSAGES.linkingPayment,
  creating: UPGRADE_MESSAGES.creatingProfile,
  welcome: UPGRADE_MESSAGES.sendingWelcome,
};

/**
 * /signup/artist (spec 000 §2, spec 001 §4). A browser holding a temporary checkout user (it paid
 * on the checkout page and came back with ?checkout=success&session_id=...) completes that user
 * into the artist, with the trial; anyone else creates a free artist profile.
 */
export function Component() {
  const [params] = useSearchParams();
  const state = useCheckoutSignupState();
  const queryClient = useQueryClient();
  if (state.isPending) return <Spinner label="Checking your checkout" />;

  const userId = state.data?.temporary_user_id ?? null;
  const completion: ArtistCompletion | undefined = userId
    ? {
        idleLabel:
          params.get('checkout') === 'success'
            ? UPGRADE_MESSAGES.completeButton
            : UPGRADE_MESSAGES.createButton,
        run: async (values, onStep) => {
          const session = await completeCheckoutSignup(
            { userId, sessionId: params.get('session_id'), values },
            (stage) => {
              onStep(STEP_LABELS[stage]);
            },
          );
          // No longer a checkout user: the next visit here is an ordinary signup.
          queryClient.removeQueries({ queryKey: paymentsKeys.checkoutSignupState() });
          queryClient.setQueryData(accountKeys.session(), { isSignedIn: true });
          return session;
        },
      }
    : undefined;

  return (
    <SignupScreen
      kind="artist"
      title={userId ? UPGRADE_MESSAGES.completeTitle : UPGRADE_MESSAGES.createTitle}
      subtitle={
        userId
          ? 'Your Pro trial is ready. Tell listeners who you are to activate it.'
          : 'Upload your tracks and let listeners find them on sound alone.'
      }
      completion={completion}
      // Issue 17, decision 0121: a new artist starts with their music, not the listener deck.
      afterSignup={paths.profile}
    />
  );
}
