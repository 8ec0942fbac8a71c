import { Logo } from '../../components/ui/logo';
import { VocalLabScreen } from '../../features/kit/components/vocallab-screen';
import { useDocumentTitle } from '../../lib/use-document-title';
import { KitBackLink } from '../components/kit-back-link';

export function Component() {
  useDocumentTitle('VocalLab');
  return <VocalLabScreen back={<KitBackLink />} logo={<Logo className="h-6" />} />;
}
