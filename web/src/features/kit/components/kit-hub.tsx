import {
  canUseKitTool,
  KIT_MESSAGES,
  KIT_TOOLS,
  PRODUCT_NAME,
  type KitTool,
  type SubscriptionTier,
  type UserRole,
} from '@klang/domain';
import { AudioLines, Bot, Camera, GraduationCap, Mic, Sparkles, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog, DialogContent } from '../../../components/ui/dialog';

const TOOLS: Record<KitTool, { name: string; description: string; icon: LucideIcon }> = {
  soundlab: {
    name: 'SoundLab',
    description: 'Describe a sound, get four takes, put them on 16 pads and download the preset.',
    icon: AudioLines,
  },
  vocallab: {
    name: 'VocalLab',
    description: 'Turn lyrics into a vocal with a voice and settings of your choice, and save it as MP3.',
    icon: Mic,
  },
  tutorlab: {
    name: 'TutorLab',
    description: 'Ask the AI music tutor about production, mixing and the business, by text or voice.',
    icon: GraduationCap,
  },
  abel: {
    name: 'Abel',
    description: 'Abel, the tutor in a light studio look, with its own conversations.',
    icon: Bot,
  },
  'klang-pack': {
    name: `${PRODUCT_NAME} Pack`,
    description: 'Train a character on 20 to 70 photos of one person and generate press shots.',
    icon: Camera,
  },
  'test-voice': {
    name: 'Voice test',
    description: 'Talk to the tutor out loud, live, through the voice agent.',
    icon: Sparkles,
  },
};

type KitHubProps = {
  account: { userType: UserRole; subscriptionTier: SubscriptionTier };
  /** Opens a tool; the route knows the paths. */
  renderLink: (tool: KitTool, children: ReactNode, className: string) => ReactNode;
  upgradeLink: ReactNode;
};

/** The Kit hub (spec 002 §2.1, spec 001 §6): every tool, and the blocked popup for the ones a plan lacks. */
export function KitHub({ account, renderLink, upgradeLink }: KitHubProps) {
  const [blocked, setBlocked] = useState<KitTool | null>(null);
  const card =
    'flex h-full flex-col gap-3 rounded-2xl border border-line bg-surface p-5 text-left transition-colors hover:border-muted/50 hover:bg-field';
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-fg">{PRODUCT_NAME} Kit</h1>
        <p className="text-muted">AI tools for making and finishing your music.</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {KIT_TOOLS.map((tool) => {
          const { name, description, icon: Icon } = TOOLS[tool];
          const isAllowed = canUseKitTool(account, tool);
          const body = (
            <>
              <span className="flex items-center gap-3">
                <Icon className="size-6 text-accent" aria-hidden="true" />
                <span className="text-lg font-semibold text-fg">{name}</span>
                {!isAllowed && (
                  <span className="ml-auto rounded-full bg-field px-2 py-0.5 text-xs text-muted">Pro</span>
                )}
              </span>
              <span className="text-sm text-muted">{description}</span>
            </>
          );
          return (
            <li key={tool}>
              {isAllowed ? (
                renderLink(tool, body, card)
              ) : (
                <button
                  type="button"
                  className={cn(card, 'w-full')}
                  onClick={() => {
                    setBlocked(tool);
                  }}
                >
                  {body}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <Dialog
        open={blocked !== null}
        onOpenChange={(open) => {
          if (!open) setBlocked(null);
        }}
      >
        <DialogContent
          title={blocked ? `${TOOLS[blocked].name} is a Pro tool` : ''}
          description={KIT_MESSAGES.kitBlocked}
          footer={
            <>
              <Button
                variant="secondary"
                onClick={() => {
                  setBlocked(null);
                }}
              >
                Not now
              </Button>
              {upgradeLink}
            </>
          }
        />
      </Dialog>
    </section>
  );
}
