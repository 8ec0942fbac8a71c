import { Navigate } from 'react-router';
import { useAuthStore } from '../../features/accounts/auth-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ArtistDashboard } from '../components/artist-dashboard';
import { paths } from '../paths';
import type { ProfileNotice } from './profile';

/** What a listener who opens /dashboard is told on their profile instead of a retry that cannot succeed. */
const FOR_ARTISTS: ProfileNotice = {
  notice:
    'The dashboard shows an artist the stats of their uploaded tracks, so there is none for a listener account.',
};

/** /dashboard (spec 002 §2.1): the artist dashboard as a page; /profile opens the same view in a modal. */
export function Component() {
  useDocumentTitle('Dashboard');
  const role = useAuthStore((state) => state.profile?.role);
  if (role !== undefined && role !== 'artist')
    return <Navigate to={paths.profile} replace state={FOR_ARTISTS} />;
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-5 py-10 sm:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Dashboard</h1>
      <ArtistDashboard />
    </section>
  );
}
