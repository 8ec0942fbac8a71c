import { TutorScreen } from '../../features/tutor/components/tutor-screen';
import { useDocumentTitle } from '../../lib/use-document-title';
import { KitToolHeader } from '../components/kit-tool-header';

export function Component() {
  useDocumentTitle('Abel');
  return <TutorScreen variant="abel" header={<KitToolHeader title="Abel" />} />;
}
