import { TutorScreen } from '../../features/tutor/components/tutor-screen';
import { useDocumentTitle } from '../../lib/use-document-title';
import { KitToolHeader } from '../components/kit-tool-header';

export function Component() {
  useDocumentTitle('TutorLab');
  return <TutorScreen variant="tutorlab" header={<KitToolHeader title="TutorLab" />} />;
}
