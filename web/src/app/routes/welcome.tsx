import { AccountStatus } from '../../features/accounts/components/account-status';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /welcome (spec 001 §2 Welcome/status page; its route is ours, product-decisions.md). */
export function Component() {
  useDocumentTitle('Welcome');
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 px-5 py-10 sm:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Welcome to Klang</h1>
      <AccountStatus />
    </section>
  );
}
