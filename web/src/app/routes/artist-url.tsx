import { useParams } from 'react-router';
import { ArtistPageScreen } from '../components/artist-page-screen';

export function Component() {
  const { artistUrl = '' } = useParams();
  return <ArtistPageScreen artistRef={{ url: artistUrl }} />;
}
