import { VoiceAgentScreen } from '../../features/tutor/components/voice-agent-screen';
import { useDocumentTitle } from '../../lib/use-document-title';
import { KitToolHeader } from '../components/kit-tool-header';
import { paths } from '../paths';

export function Component() {
  useDocumentTitle('Talk to Abel');
  return (
    <VoiceAgentScreen
      header={<KitToolHeader title="Talk to Abel" />}
      artistHref={(artistId) => paths.artist(artistId)}
    />
  );
}
