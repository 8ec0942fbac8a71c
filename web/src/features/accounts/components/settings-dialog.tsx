import { THEMES, type Theme } from '@klang/domain';
import { LogOut, Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useThemeStore } from '../../../lib/theme-store';
import { useAuthStore } from '../auth-store';
import { useDemoRefusal } from '../hooks/use-demo-refusal';
import { ChangePasswordForm } from './change-password-form';
import { DemoRestrictionDialog } from './demo-restriction-dialog';
import { ProfileSettingsForm } from './profile-settings-form';

const TIER_LABELS = { free: 'Free', trial: 'Trial', pro: 'Pro' } as const;
const THEME_ICONS = { dark: Moon, light: Sun } as const satisfies Record<Theme, unknown>;

type SettingsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignOut: () => void;
  upgradePath: string;
  createAccountPath: string;
  /** The Subscription tab's content when the screen supplies it (plan management, issue 8). */
  subscriptionPanel?: ReactNode;
};

/** Spec 001 §2 Settings modal: Profile, Interface, Notifications (Soon), Security, Subscription, Sign Out. */
export function SettingsDialog({
  open,
  onOpenChange,
  onSignOut,
  upgradePath,
  createAccountPath,
  subscriptionPanel,
}: SettingsDialogProps) {
  const profile = useAuthStore((state) => state.profile);
  const tier = useAuthStore((state) => state.subscriptionTier);
  const { theme, setTheme } = useThemeStore();
  const demo = useDemoRefusal();
  const isArtist = profile?.role === 'artist';
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          title="Settings"
          size="lg"
          footer={
            <Button variant="danger" onClick={onSignOut}>
              <LogOut aria-hidden="true" className="size-4" />
              Sign Out
            </Button>
          }
        >
          {/* As tall as its tallest section, the profile form, so the dialog does not jump as the
              tabs change. */}
          <Tabs defaultValue="profile" className="min-h-[30rem]">
            {/* One row of pills that scrolls sideways on a phone, as the dashboard's, rather than a
                grid of three rows above the form. */}
            <TabsList aria-label="Settings sections">
              <TabsTrigger value="profile">Profile</TabsTrigger>
              <TabsTrigger value="interface">Interface</TabsTrigger>
              <TabsTrigger value="notifications" disabled badge="Soon">
                Notifications
              </TabsTrigger>
              <TabsTrigger value="security">Security</TabsTrigger>
              <TabsTrigger value="subscription">Subscription</TabsTrigger>
            </TabsList>
            <TabsContent value="profile">
              {profile && <ProfileSettingsForm profile={profile} onDemoRefusal={demo.catchRefusal} />}
            </TabsContent>
            <TabsContent value="interface">
              <fieldset className="flex flex-col gap-3">
                <legend className="mb-3 text-sm font-medium text-fg">Theme</legend>
                <div className="grid grid-cols-2 gap-3">
                  {THEMES.map((option) => {
                    const Icon = THEME_ICONS[option];
                    return (
                      <button
                        key={option}
                        type="button"
                        aria-pressed={theme === option}
                        onClick={() => {
                          setTheme(option);
                        }}
                        className={cn(
                          'flex items-center justify-center gap-2 rounded-2xl border px-4 py-4 text-sm font-semibold capitalize',
                          theme === option
                            ? 'border-accent bg-accent/10 text-fg'
                            : 'border-line text-muted hover:text-fg',
                        )}
                      >
                        <Icon aria-hidden="true" className="size-4" />
                        {option}
                      </button>
                    );
                  })}
                </div>
              </fieldset>
            </TabsContent>
            <TabsContent value="security">
              <ChangePasswordForm onDemoRefusal={demo.catchRefusal} />
            </TabsContent>
            <TabsContent value="subscription">
              {subscriptionPanel ?? (
                <div className="flex flex-col gap-4">
                  <p className="text-[0.9375rem] text-fg">
                    Current plan: <span className="font-semibold">{TIER_LABELS[tier]}</span>
                  </p>
                  {/* Spec 001 §6: the upgrade entry shows only to artists on the free or trial tier. */}
                  {isArtist && tier !== 'pro' && (
                    <Button asChild className="self-start">
                      <Link to={upgradePath}>Upgrade to Artist Pro</Link>
                    </Button>
                  )}
                </div>
              )}
            </TabsContent>
          </Tabs>
        </DialogContent>
      </Dialog>
      <DemoRestrictionDialog
        message={demo.message}
        onClose={demo.close}
        createAccountPath={createAccountPath}
      />
    </>
  );
}
