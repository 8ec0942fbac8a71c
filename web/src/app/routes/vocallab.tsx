import { VocalLabScreen } from '../../features/kit/components/vocallab-screen';
import { useDocumentTitle } from '../../lib/use-document-title';
import { KitToolHeader } from '../components/kit-tool-header';

export function Component() {
  useDocumentTitle('VocalLab');
  return <VocalLabScreen header={<KitToolHeader title="VocalLab" />} />;
}
