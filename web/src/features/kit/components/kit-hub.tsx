import {
  canUseKitTool,
  KIT_MESSAGES,
  KIT_TOOLS,
  PRODUCT_NAME,
  type KitTool,
  type SubscriptionTier,
  type UserRole,
} from '@klang/domain';
import {
  AudioLines,
  Bot,
  Camera,
  GraduationCap,
  Mic,
  Play,
  Sparkles,
  Square,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog, DialogContent } from '../../../components/ui/dialog';

/** What a tool makes, as an artist would ask for it, and an example made by the tool itself. */
interface ToolCard {
  name: string;
  description: string;
  icon: LucideIcon;
  /** What you type, and what you get back. */
  example: { ask: string; get: string };
  /** A real output of the local engine (server/src/scripts/render-kit-examples.ts). */
  listen?: { src: string; label: string };
}

const TOOLS: Record<KitTool, ToolCard> = {
  soundlab: {
    name: 'SoundLab',
    description: 'Describe a sound, get four takes, put them on 16 pads and download the preset.',
    icon: AudioLines,
    example: { ask: '“creaky wooden door”', get: 'four different door creaks to choose from' },
    listen: {
      src: '/kit-examples/soundlab-creaky-door.mp3',
      label: 'SoundLab, creaky wooden door',
    },
  },
  vocallab: {
    name: 'VocalLab',
    description:
      'Turn lyrics into a spoken or sung vocal, in a voice, key and tempo you choose, and save it as MP3.',
    icon: Mic,
    example: { ask: 'two lines of lyrics, sung in A minor at 96 BPM', get: 'a sung guide vocal' },
    listen: { src: '/kit-examples/vocallab-sung.mp3', label: 'VocalLab, sung in A minor' },
  },
  tutorlab: {
    name: 'TutorLab',
    description: 'Ask the AI music tutor about production and mixing, by text or voice.',
    icon: GraduationCap,
    example: { ask: '“How do I make my drums punchier?”', get: 'short steps and reference tracks' },
  },
  abel: {
    name: 'Abel',
    description: 'Abel, the tutor in a light studio look, with its own conversations.',
    icon: Bot,
    example: { ask: '“Why does my mix sound muddy?”', get: 'steps to fix it, read aloud if you like' },
  },
  'klang-pack': {
    name: `${PRODUCT_NAME} Pack`,
    description: 'Train a character on 20 to 70 photos of one person and generate press shots.',
    icon: Camera,
    example: { ask: '“moody neon portrait”', get: 'press shots of you in that look' },
  },
  'test-voice': {
    name: 'Talk to Abel',
    description: 'A live spoken conversation with the tutor: talk, or type if you have no microphone.',
    icon: Sparkles,
    example: { ask: 'say “how do I sidechain my bass?”', get: 'Abel answers out loud' },
  },
};

/** A small play button for a tool's example; one plays at a time. */
function ExampleAudio({ src, label }: { src: string; label: string }) {
  const [player, setPlayer] = useState<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  return (
    <button
      type="button"
      // The visible words first, then what the example is (the accessible name holds both).
      aria-label={`${playing ? 'Stop' : 'Hear an example'}: ${label}`}
      aria-pressed={playing}
      onClick={() => {
        if (playing && player) {
          player.pause();
          return;
        }
        const audio = player ?? new Audio(src);
        if (!player) {
          audio.addEventListener('playing', () => {
            setPlaying(true);
          });
          for (const name of ['pause', 'ended']) {
            audio.addEventListener(name, () => {
              setPlaying(false);
            });
          }
          setPlayer(audio);
        }
        audio.currentTime = 0;
        void audio.play().catch(() => {
          setPlaying(false);
        });
      }}
      className="inline-flex h-9 w-fit items-center gap-2 rounded-full border border-line px-3 text-sm font-medium text-fg hover:bg-fg/10"
    >
      {playing ? (
        <Square aria-hidden="true" className="size-3.5" />
      ) : (
        <Play aria-hidden="true" className="size-3.5" />
      )}
      {playing ? 'Stop' : 'Hear an example'}
    </button>
  );
}

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
          const { name, description, icon: Icon, example, listen } = TOOLS[tool];
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
              <span className="mt-auto rounded-xl bg-field px-3 py-2 text-sm text-fg">
                <span className="text-muted">Ask for </span>
                {example.ask}
                <span className="text-muted">, get </span>
                {example.get}.
              </span>
            </>
          );
          return (
            <li key={tool} className="relative flex flex-col">
              {isAllowed ? (
                renderLink(tool, body, cn(card, listen && 'pb-16'))
              ) : (
                <button
                  type="button"
                  className={cn(card, 'w-full', listen && 'pb-16')}
                  onClick={() => {
                    setBlocked(tool);
                  }}
                >
                  {body}
                </button>
              )}
              {/* Beside the card, not inside it: a control inside a link is not allowed. */}
              {listen && (
                <div className="absolute bottom-4 left-5">
                  <ExampleAudio src={listen.src} label={listen.label} />
                </div>
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
