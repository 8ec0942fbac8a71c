import {
  canUseKitTool,
  KIT_MESSAGES,
  MESSAGES,
  type KitTool,
  type SubscriptionTier,
  type UserRole,
} from '@klang/domain';
import { AppError } from '../../errors';
import type { SessionAccount } from '../../plugins/session';
import type { GeneratedAudio, SoundFxProvider } from '../../providers/soundfx/soundfx';

export interface KitServiceDeps {
  soundFx: SoundFxProvider;
  /** The account's type and tier, from the accounts service (a module never reads another's tables). */
  loadAccess(accountId: string): Promise<{ userType: UserRole; subscriptionTier: SubscriptionTier }>;
  log: { warn(details: object, message: string): void };
  /** How many generations run at once on this instance; the rest wait their turn. */
  concurrency?: number;
}

/** A counting semaphore: the local engines share two cores with everything else. */
function createLimiter(slots: number) {
  let free = slots;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

/** The Klang Kit's rules: who may use which tool, and the generation calls behind them. */
export function createKitService(deps: KitServiceDeps) {
  const limit = createLimiter(deps.concurrency ?? 2);

  async function assertAllowed(account: SessionAccount | null, tool: KitTool): Promise<SessionAccount> {
    if (!account) throw new AppError('UNAUTHENTICATED', MESSAGES.userNotAuthenticated);
    if (!canUseKitTool(await deps.loadAccess(account.id), tool)) {
      throw new AppError('FORBIDDEN', KIT_MESSAGES.kitBlocked);
    }
    return account;
  }

  /** Runs a provider call; its failure is logged and answered with the spec's message, nothing else. */
  async function generate(task: () => Promise<GeneratedAudio>, failure: string, what: string) {
    try {
      return await limit(task);
    } catch (error) {
      deps.log.warn({ err: error }, `${what} failed`);
      throw new AppError('UNAVAILABLE', failure);
    }
  }

  return {
    assertAllowed,

    /** Spec 002 §7 generate-soundfx: one sound per call; SoundLab calls it four times per click. */
    async generateSoundFx(account: SessionAccount | null, prompt: string): Promise<GeneratedAudio> {
      await assertAllowed(account, 'soundlab');
      return generate(
        () => deps.soundFx.generate(prompt, AbortSignal.timeout(120_000)),
        KIT_MESSAGES.failedToGenerateSounds,
        'sound generation',
      );
    },
  };
}

export type KitService = ReturnType<typeof createKitService>;
