import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { ShareFunnelReport } from '../../features/analytics/components/share-funnel';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';

/** `/admin/shares`: the team's blind share funnel (issue 32 item 6, decision 0309). */
export function Component() {
  useDocumentTitle('Blind shares · Team');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <ShareFunnelReport
        backLink={
          <Button asChild variant="secondary">
            <Link to={paths.player}>Back to Discover</Link>
          </Button>
        }
      />
    </div>
  );
}
