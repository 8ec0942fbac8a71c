import { describe, expect, it } from 'vitest';
import { showsForumButton } from './forum-button-visibility';

describe('showsForumButton (spec 002 §2.9)', () => {
  it('hides on /, the forum, and the sign-in screens', () => {
    for (const path of ['/', '/forum', '/forum/post/abc', '/login', '/demo-login', '/reset-password']) {
      expect(showsForumButton(path), path).toBe(false);
    }
  });

  it('shows everywhere else, including public pages', () => {
    for (const path of ['/player', '/charts', '/profile', '/about', '/faq', '/artist/x']) {
      expect(showsForumButton(path), path).toBe(true);
    }
  });
});
