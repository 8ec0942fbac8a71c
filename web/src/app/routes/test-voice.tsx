import { VoiceAgentScreen } from '../../features/tutor/components/voice-agent-screen';
import { useDocumentTitle } from '../../lib/use-document-title';
import { KitToolHeader } from '../components/kit-tool-header';

export function Component() {
  useDocumentTitle('Voice test');
  return <VoiceAgentScreen header={<KitToolHeader title="Voice test" />} />;
}
