import { PLAN_MESSAGES } from '@klang/domain';
import { Link, useSearchParams } from 'react-router';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { useAuthStore } from '../../features/accounts/auth-store';
import { PlanCards } from '../../features/payments/components/plan-cards';
import { StaticPage } from '../components/static-page';
import { paths } from '../paths';
import { sendAnalyticsEvent } from '../../lib/analytics';

/** /artist-subscription (spec 000 §2): the two plans; ?checkout=cancelled says the payment was cancelled. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const isCancelled = params.get('checkout') === 'cancelled';
  const origin = window.location.origin;
  // A signed-in artist buying Pro here is upgrading: they come back to the profile, not to signup.
  const artistTier = useAuthStore((state) =>
    state.profile?.role === 'artist' ? state.subscriptionTier : null,
  );
  const returnUrls =
    artistTier && artistTier !== 'pro'
      ? {
          success: `${origin}${paths.profile}?upgrade=success`,
          cancel: `${origin}${paths.profile}?upgrade=cancelled`,
          upgradeFrom: artistTier,
        }
      : {
          success: `${origin}${paths.signupArtist}?checkout=success`,
          cancel: `${origin}${paths.artistSubscription}?checkout=cancelled`,
        };
  return (
    <StaticPage
      title="Choose Your Artist Plan"
      eyebrow="For artists"
      lead="Start free, or go Pro for unlimited uploads, more tracks in the player and the Klang Kit."
      width="wide"
    >
      <div className="flex flex-col gap-6">
        {isCancelled && (
          <Banner
            tone="info"
            title={PLAN_MESSAGES.paymentCancelled}
            action={
              <Link
                to={paths.artistSubscription}
                onClick={() => {
                  setParams({});
                }}
                className="font-medium text-accent underline-offset-4 hover:underline"
              >
                Back to subscription options
              </Link>
            }
          >
            No payment was taken. You can choose a plan again whenever you are ready.
          </Banner>
        )}
        <PlanCards
          returnUrls={returnUrls}
          freeAction={
            <Button asChild variant="secondary" className="w-full">
              <Link
                to={paths.signupArtist}
                onClick={() => {
                  sendAnalyticsEvent({ name: 'signup_free_account_click', path: window.location.pathname });
                }}
              >
                Start for Free
              </Link>
            </Button>
          }
        />
      </div>
    </StaticPage>
  );
}
