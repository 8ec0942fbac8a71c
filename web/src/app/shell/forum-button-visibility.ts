import { paths } from '../paths';

/**
 * Spec 002 §2.9: no forum button on the forum itself, the sign-in screens, or the landing page;
 * nor in the embedded player, which is another site's frame.
 */
const HIDDEN_PREFIXES = [paths.forum, paths.login, paths.demoLogin, paths.resetPassword, paths.embed('')];

export function showsForumButton(pathname: string): boolean {
  if (pathname === paths.home) return false;
  return !HIDDEN_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
