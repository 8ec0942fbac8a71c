import { SoundLabScreen } from '../../features/kit/components/soundlab-screen';
import { useDocumentTitle } from '../../lib/use-document-title';
import { KitToolHeader } from '../components/kit-tool-header';

export function Component() {
  useDocumentTitle('SoundLab');
  return <SoundLabScreen header={<KitToolHeader title="SoundLab" />} />;
}
