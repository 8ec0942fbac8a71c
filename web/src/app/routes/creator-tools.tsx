import type { KitTool } from '@klang/domain';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useAuthStore, userTypeOf } from '../../features/accounts/auth-store';
import { KitHub } from '../../features/kit/components/kit-hub';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';

const TOOL_PATHS: Record<KitTool, string> = {
  soundlab: paths.soundLab,
  vocallab: paths.vocalLab,
  tutorlab: paths.tutorLab,
  abel: paths.abel,
  'klang-pack': paths.klangPack,
  'test-voice': paths.testVoice,
};

export function Component() {
  useDocumentTitle('Creator tools');
  const profile = useAuthStore((state) => state.profile);
  const subscriptionTier = useAuthStore((state) => state.subscriptionTier);
  return (
    <KitHub
      account={{ userType: userTypeOf(profile), subscriptionTier }}
      renderLink={(tool, children, className) => (
        <Link to={TOOL_PATHS[tool]} className={className}>
          {children}
        </Link>
      )}
      upgradeLink={
        <Button asChild>
          <Link to={paths.profile}>Upgrade</Link>
        </Button>
      }
    />
  );
}
