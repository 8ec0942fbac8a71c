import { Logo } from '../../components/ui/logo';
import { SoundLabScreen } from '../../features/kit/components/soundlab-screen';
import { useDocumentTitle } from '../../lib/use-document-title';
import { KitBackLink } from '../components/kit-back-link';

export function Component() {
  useDocumentTitle('SoundLab');
  return <SoundLabScreen back={<KitBackLink />} logo={<Logo className="h-6" />} />;
}
