import { PRODUCT_NAME } from '@klang/domain';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useAuthStore } from '../../features/accounts/auth-store';
import { ChartMethodContent } from '../../features/catalogue/components/chart-method';
import { StaticPage } from '../components/static-page';
import { paths } from '../paths';

/**
 * `/charts/method`: the published method of the deck and the charts, public like the FAQ. A
 * signed-in user reads it inside the app (MemberAwareLayout), with the way back to the charts.
 */
export function Component() {
  const isSignedIn = useAuthStore((state) => state.user !== null);
  return (
    <StaticPage
      back={
        isSignedIn && (
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.charts} aria-label="Back to the charts">
              <ArrowLeft className="size-4" aria-hidden="true" /> Charts
            </Link>
          </Button>
        )
      }
      title="How the charts rank"
      eyebrow="Charts method"
      lead={`No bots, no paid rankings: ${PRODUCT_NAME}'s charts measure the verdict of blind ears. Each row shows the cautious share it is ranked by, then the share of its trusted blind listeners who liked it and how many they were. Here is exactly how, with the live figures behind it.`}
      width="wide"
    >
      <ChartMethodContent />
      <section className="mt-16 flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.howItWorks}>How it works</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.faq}>FAQ</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to={paths.contact}>Ask us about it</Link>
        </Button>
      </section>
    </StaticPage>
  );
}
