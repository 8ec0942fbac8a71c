import { PACK_MESSAGES } from '@klang/domain';
import { isDemoUser, useAuthStore } from '../../features/accounts/auth-store';
import { DemoRestrictionDialog } from '../../features/accounts/components/demo-restriction-dialog';
import { CharactersScreen } from '../../features/klang-packs/components/characters-screen';
import { useDocumentTitle } from '../../lib/use-document-title';
import { KitToolHeader } from '../components/kit-tool-header';
import { paths } from '../paths';

/** Spec 002 §2.6 /creator-tools/klang-pack: the character packs. */
export function Component() {
  useDocumentTitle('Your Characters');
  const user = useAuthStore((state) => state.user);
  return (
    <CharactersScreen
      header={<KitToolHeader title="Klang Pack" />}
      userId={user?.id ?? ''}
      // Spec 002 §5: creating a pack passes the gate for 'upload'; the demo account may not.
      restrictionFor={() => (isDemoUser(user) ? PACK_MESSAGES.demoPhotos : null)}
      renderRestriction={(message, close) => (
        <DemoRestrictionDialog message={message} onClose={close} createAccountPath={paths.accountType} />
      )}
    />
  );
}
