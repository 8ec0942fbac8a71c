import { INSTALL_MESSAGES } from '@klang/domain';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { promptInstall, useInstallStore } from './install-store';

/** Likes before the offer: a listener who has liked a few tracks knows what Klang is for. */
export const LIKES_BEFORE_INSTALL_OFFER = 3;

/**
 * The offer to install Klang (issue 32): in the page's flow, never over a control; once the
 * listener has liked a few tracks; gone for good once answered or dismissed.
 */
export function InstallOffer({ likeCount, className }: { likeCount: number; className?: string }) {
  const canPrompt = useInstallStore((state) => state.deferred !== null && !state.isAnswered);
  const answer = useInstallStore((state) => state.answer);
  if (!canPrompt || likeCount < LIKES_BEFORE_INSTALL_OFFER) return null;
  return (
    <Banner
      title={INSTALL_MESSAGES.title}
      onDismiss={answer}
      className={className}
      action={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void promptInstall()}>
            {INSTALL_MESSAGES.install}
          </Button>
          <Button size="sm" variant="secondary" onClick={answer}>
            {INSTALL_MESSAGES.dismiss}
          </Button>
        </div>
      }
    >
      {INSTALL_MESSAGES.body}
    </Banner>
  );
}
