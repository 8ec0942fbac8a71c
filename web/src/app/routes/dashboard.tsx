import { ArtistDashboard } from '../components/artist-dashboard';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /dashboard (spec 002 §2.1): the artist dashboard as a page; /profile opens the same view in a modal. */
export function Component() {
  useDocumentTitle('Dashboard');
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-5 py-10 sm:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Dashboard</h1>
      <ArtistDashboard />
    </section>
  );
}
