import { BLIND_SHARE_CARD, BLIND_SHARE_MESSAGES, PRODUCT_NAME } from '@klang/domain';
import { ExternalLink } from 'lucide-react';
import { Logo } from '../../../components/ui/logo';
import { BlindPreview } from './blind-preview';

/**
 * A share's embeddable blind player (decision 0308), as a blog or a chat shows it in a frame: the
 * 30-second preview, and a link out to the share page, where liking it names it. It names
 * nothing, signs nobody in and changes nothing: a frame on another site gets no Klang cookie.
 * It asks the server nothing until its reader presses play (a blog's every reader would
 * otherwise count as a share page opened); an expired link says so then.
 */
export function BlindEmbed({ token, shareHref }: { token: string; shareHref: string }) {
  return (
    <main
      id="main"
      className="flex min-h-dvh items-center justify-center bg-transparent p-2 text-fg"
      aria-label={BLIND_SHARE_CARD.title}
    >
      <div className="flex w-full max-w-[30rem] flex-col gap-3 rounded-3xl border border-line bg-bg p-4 shadow-xl">
        <div className="flex items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-2.5">
            <Logo variant="mark" className="size-7" isDecorative />
            <p className="truncate text-sm font-bold text-fg">A blind track</p>
          </div>
          <a
            href={shareHref}
            target="_blank"
            rel="noopener"
            className="inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-1 text-sm font-semibold text-accent hover:underline"
          >
            {`Hear it all on ${PRODUCT_NAME}`}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        </div>
        <BlindPreview token={token} endedText={BLIND_SHARE_MESSAGES.embedEnded} />
      </div>
    </main>
  );
}
