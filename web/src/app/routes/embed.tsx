import { BLIND_SHARE_CARD } from '@klang/domain';
import { useParams } from 'react-router';
import { BlindEmbed } from '../../features/player/components/blind-embed';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';

/** `/embed/:token`: a share's blind player in another site's frame (decision 0308). */
export function Component() {
  useDocumentTitle(BLIND_SHARE_CARD.title);
  const { token = '' } = useParams();
  return <BlindEmbed key={token} token={token} shareHref={paths.share(token)} />;
}
