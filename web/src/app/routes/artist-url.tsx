import { useParams } from 'react-router';
import { useArtistPageQuery } from '../../features/catalogue/api/catalogue-api';
import { ApiError } from '../../lib/api-error';
import { ArtistPageScreen } from '../components/artist-page-screen';
import { NotFoundPage } from '../components/not-found-page';

const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The catch-all `/{artistUrl}` (spec 002 §2.1): a pro artist's custom URL shows their page.
 * Any other single-segment path is, to the visitor, a mistyped address, so it gets the 404 page
 * rather than spec 001's redirect to / (docs/decisions/0111). The query is the artist page's own
 * (same key), so this asks the server once.
 */
export function Component() {
  const { artistUrl = '' } = useParams();
  const page = useArtistPageQuery({ url: artistUrl });
  if (isMissing(page.error)) return <NotFoundPage />;
  // The screen shares the query, so on a 404 it is unmounted in the same render, before its own
  // 'unavailable' handling (a toast and a redirect home) could run; other failures still reach it.
  return <ArtistPageScreen artistRef={{ url: artistUrl }} />;
}
