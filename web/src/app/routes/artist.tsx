import { useParams } from 'react-router';
import { ArtistPageScreen } from '../components/artist-page-screen';

export function Component() {
  const { artistId = '' } = useParams();
  return <ArtistPageScreen artistRef={{ id: artistId }} />;
}
