import { MESSAGES, PRODUCT_NAME } from '@klang/domain';
import { RotateCw, TriangleAlert, WifiOff } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { paths } from '../paths';
import { IconTile } from '../../components/ui/icon-tile';

type ErrorScreenProps = {
  /** 'chunk': the page's code failed to download; 'crash': the page threw while rendering. */
  kind: 'chunk' | 'crash';
};

const COPY = {
  chunk: {
    title: MESSAGES.pageFailedToLoad,
    body: `Part of ${PRODUCT_NAME} could not be downloaded. Your connection may have dropped, or we have just released an update. Reloading fetches the latest version.`,
    Icon: WifiOff,
  },
  crash: {
    title: MESSAGES.somethingWentWrong,
    body: 'This screen ran into a problem on our side. Reloading usually sorts it out; if it keeps happening, please let us know.',
    Icon: TriangleAlert,
  },
} as const;

/**
 * The fallback of spec 000 §2 (error fallbacks). Plain anchors, not router links: it also renders
 * outside the router, and a full load is the cure for a stale or half-loaded app.
 */
export function ErrorScreen({ kind }: ErrorScreenProps) {
  const { title, body, Icon } = COPY[kind];
  return (
    <div role="alert" className="flex min-h-[60dvh] items-center justify-center px-5 py-16">
      <div className="flex w-full max-w-md flex-col items-center gap-5 text-center">
        <IconTile icon={Icon} />
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
          <p className="text-[0.9375rem] leading-relaxed text-muted">{body}</p>
        </div>
        <div className="flex flex-wrap items-center justify-center gap-3">
          <Button
            onClick={() => {
              window.location.reload();
            }}
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {MESSAGES.reloadPage}
          </Button>
          <Button asChild variant="ghost">
            <a href={paths.home}>Go to the home page</a>
          </Button>
        </div>
        {kind === 'crash' && (
          <a href={paths.reportBug} className="text-sm text-muted underline underline-offset-4 hover:text-fg">
            Report a bug
          </a>
        )}
      </div>
    </div>
  );
}
