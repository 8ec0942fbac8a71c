import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Crown, Settings, UserCog } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { isDemoUser, useAuthStore } from '../../features/accounts/auth-store';
import { AccountDialog } from '../../features/accounts/components/account-dialog';
import { EmailVerificationBanner } from '../../features/accounts/components/email-verification-banner';
import { ProfileSummary } from '../../features/accounts/components/profile-summary';
import { SettingsDialog } from '../../features/accounts/components/settings-dialog';
import { useDemoRefusal } from '../../features/accounts/hooks/use-demo-refusal';
import { useSubscriptionState } from '../../features/payments/api/subscription-api';
import { CheckoutReturnBanner } from '../../features/payments/components/checkout-return-banner';
import { SubscriptionPanel } from '../../features/payments/components/subscription-panel';
import { UpgradeDialog } from '../../features/payments/components/upgrade-dialog';
import { UPGRADE_OFFER_PARAM, useUpgradeOffer } from '../../features/payments/hooks/use-upgrade-offer';
import { useSignOut } from '../../features/accounts/hooks/use-sign-out';
import { DemoRestrictionDialog } from '../../features/accounts/components/demo-restriction-dialog';
import { ArtistWorkspace } from '../../features/tracks/components/artist-workspace';
import { FollowedArtists } from '../../features/catalogue/components/followed-artists';
import { LoyaltyCardDialog } from '../../features/loyalty/components/loyalty-card-dialog';
import { LoyaltySummary } from '../../features/loyalty/components/loyalty-summary';
import { TastePanel } from '../../features/player/components/taste-panel';
import { InvitesPanel } from '../../features/accounts/components/invites-panel';
import { BRAND_ASSETS } from '../../lib/brand-assets';
import { useDocumentTitle } from '../../lib/use-document-title';
import { INVITE_QUERY_PARAMETER } from '@klang/domain';
import { ArtistDashboard } from '../components/artist-dashboard';
import { paths } from '../paths';

/** An invite link opens the listener signup with the token (product-decisions.md Invites). */
function inviteUrl(token: string): string {
  const url = new URL(paths.signupListener, window.location.origin);
  url.searchParams.set(INVITE_QUERY_PARAMETER, token);
  return url.toString();
}

/** A sentence another screen sends with the visitor it redirects here (a listener at /dashboard). */
export interface ProfileNotice {
  notice: string;
}

/**
 * /profile (spec 001 §2): the artist or listener profile view. Both have the account summary,
 * the Settings, Loyalty Card and Account modals; a listener sees the artists they follow.
 */
export function Component() {
  useDocumentTitle('Profile');
  const profile = useAuthStore((state) => state.profile);
  const tier = useAuthStore((state) => state.subscriptionTier);
  const isDemo = useAuthStore((state) => isDemoUser(state.user));
  const queryClient = useQueryClient();
  const upgrade = useUpgradeOffer();
  const subscription = useSubscriptionState(profile?.role === 'artist');
  // Spec 001 §6: the upgrade shows only to artists on the free or trial tier, and not to one whose
  // subscription is already running (a second checkout is refused).
  const upgradeFrom =
    profile?.role === 'artist' && tier !== 'pro' && !isDemo && subscription.data?.canManage !== true
      ? tier
      : null;
  const signOut = useSignOut();
  const navigate = useNavigate();
  const notice = (useLocation().state as Partial<ProfileNotice> | null)?.notice;
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const [isAccountOpen, setAccountOpen] = useState(false);
  const [isLoyaltyOpen, setLoyaltyOpen] = useState(false);
  const demoRefusal = useDemoRefusal();

  async function leave(to: string) {
    setSettingsOpen(false);
    setAccountOpen(false);
    // Leave the protected screen first: clearing the user here would make RequireAuth send the
    // visitor to /login with this page as the place to return to. flushSync commits the pending
    // navigation at once, so RequireAuth sees it under way when the user is cleared (footguns.md).
    await navigate(to, { replace: true, flushSync: true });
    await signOut();
  }

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-5 py-10 sm:px-8">
      <header className="flex items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-fg">Profile</h1>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Settings"
          onClick={() => {
            setSettingsOpen(true);
          }}
        >
          <Settings aria-hidden="true" className="size-5" />
        </Button>
      </header>
      {notice && <Banner>{notice}</Banner>}
      <CheckoutReturnBanner
        onUpgraded={() => {
          // The plan moves everything here: the session, the limits and Kit of the workspace.
          void queryClient.invalidateQueries();
        }}
      />
      {!isDemo && <EmailVerificationBanner />}
      {profile ? (
        <ProfileSummary profile={profile} />
      ) : (
        <p className="text-muted">Your profile is still loading.</p>
      )}
      {profile?.role === 'artist' && (
        <ArtistWorkspace
          upgradePath={`${paths.profile}?${UPGRADE_OFFER_PARAM}=upgrade`}
          trackLimitUpgradePath={`${paths.profile}?${UPGRADE_OFFER_PARAM}=track_limit_upgrade`}
          kitPath={paths.creatorTools}
          onDemoRefusal={demoRefusal.catchRefusal}
          goldBadgeSrc={BRAND_ASSETS.verifiedBadge}
          dashboard={<ArtistDashboard />}
        />
      )}
      <DemoRestrictionDialog
        message={demoRefusal.message}
        onClose={demoRefusal.close}
        createAccountPath={paths.accountType}
      />
      <div className="flex flex-wrap gap-3">
        {upgradeFrom && (
          <Button
            onClick={() => {
              upgrade.openWith();
            }}
          >
            <Crown aria-hidden="true" className="size-4" />
            Upgrade to Artist Pro
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => {
            setLoyaltyOpen(true);
          }}
        >
          <CreditCard aria-hidden="true" className="size-4" />
          Loyalty Card
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setAccountOpen(true);
          }}
        >
          <UserCog aria-hidden="true" className="size-4" />
          Account
        </Button>
      </div>
      {profile?.role === 'listener' && (
        <>
          <LoyaltySummary />
          <TastePanel />
          <InvitesPanel inviteUrl={inviteUrl} />
        </>
      )}
      {profile?.role === 'listener' && (
        <FollowedArtists
          artistHref={(artistId) => paths.artist(artistId)}
          verifiedBadgeSrc={BRAND_ASSETS.verifiedBadge}
        />
      )}
      <LoyaltyCardDialog open={isLoyaltyOpen} onOpenChange={setLoyaltyOpen} />
      <SettingsDialog
        open={isSettingsOpen}
        onOpenChange={setSettingsOpen}
        onSignOut={() => void leave(paths.login)}
        upgradePath={paths.artistSubscription}
        createAccountPath={paths.accountType}
        subscriptionPanel={
          <SubscriptionPanel
            isArtist={profile?.role === 'artist'}
            artistPlansPath={paths.artistSubscription}
            isDemo={isDemo}
            onDemoRefusal={demoRefusal.catchRefusal}
            onUpgrade={() => {
              setSettingsOpen(false);
              upgrade.openWith();
            }}
          />
        }
      />
      {upgradeFrom && (
        <UpgradeDialog
          open={upgrade.open}
          onOpenChange={upgrade.setOpen}
          tier={upgradeFrom}
          reason={upgrade.reason}
        />
      )}
      <AccountDialog
        open={isAccountOpen}
        onOpenChange={setAccountOpen}
        onDeleted={() => void leave(paths.home)}
        createAccountPath={paths.accountType}
      />
    </section>
  );
}
