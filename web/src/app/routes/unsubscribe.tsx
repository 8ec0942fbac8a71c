import { UNSUBSCRIBE_MESSAGES } from '@klang/domain';
import { LinkIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { IconTile } from '../../components/ui/icon-tile';
import { UnsubscribeFlow } from '../../features/subscribers/components/unsubscribe-flow';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';

/** /unsubscribe?email=… (spec 002 §2.11). */
export function Component() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  return (
    <div className="mx-auto max-w-xl px-5 py-16 sm:py-24">
      {email ? (
        <UnsubscribeFlow
          email={email}
          keepSubscribed={
            <Button asChild variant="secondary">
              <Link to={paths.home}>{UNSUBSCRIBE_MESSAGES.keepSubscribed}</Link>
            </Button>
          }
          backToProduct={
            <Button asChild>
              <Link to={paths.home}>{UNSUBSCRIBE_MESSAGES.backToProduct}</Link>
            </Button>
          }
          resubscribe={
            <Button asChild variant="secondary">
              <Link to={paths.registerInterest}>{UNSUBSCRIBE_MESSAGES.resubscribe}</Link>
            </Button>
          }
        />
      ) : (
        <section className="flex flex-col items-center gap-5 rounded-3xl border border-line bg-surface px-6 py-12 text-center">
          <IconTile icon={LinkIcon} />
          <h1 className="text-3xl font-bold tracking-tight text-fg">{UNSUBSCRIBE_MESSAGES.invalidTitle}</h1>
          <p className="max-w-md text-base leading-relaxed text-muted">{UNSUBSCRIBE_MESSAGES.invalidBody}</p>
          <Button asChild>
            <Link to={paths.contact}>{UNSUBSCRIBE_MESSAGES.contactSupport}</Link>
          </Button>
        </section>
      )}
    </div>
  );
}
