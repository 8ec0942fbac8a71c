/**
 * Every URL of the app (spec 002 §2.1), in one place: no screen spells a path by hand.
 * A plain string is a fixed path; a function builds a path with a parameter, and its `pattern`
 * is what the router matches.
 */
function withParam<const Pattern extends `${string}:${string}`>(pattern: Pattern) {
  const [prefix = ''] = pattern.split(':');
  const build = (value: string) => `${prefix}${encodeURIComponent(value)}`;
  return Object.assign(build, { pattern });
}

export const paths = {
  // Public (spec 002 §2.1)
  home: '/',
  about: '/about',
  howItWorks: '/how-it-works',
  ourStory: '/our-story',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
  reportBug: '/report-bug',
  roadmap: '/roadmap',
  registerInterest: '/register-interest',
  accountType: '/account-type',
  signupListener: '/signup/listener',
  artistSubscription: '/artist-subscription',
  signupArtist: '/signup/artist',
  login: '/login',
  demoLogin: '/demo-login',
  resetPassword: '/reset-password',
  /** Opened from the verification email; its token is in the fragment (decision 0255). */
  verifyEmail: '/verify-email',
  faq: '/faq',
  /** How the deck deals and the charts rank, with live figures (issue 19, decision 0195). */
  chartsMethod: '/charts/method',
  unsubscribe: '/unsubscribe',
  /** The catch-all: a pro artist's custom URL (spec 001 §5, public artist lookup). */
  artistUrl: withParam('/:artistUrl'),

  // Login required (spec 002 §2.1)
  dashboard: '/dashboard',
  player: '/player',
  charts: '/charts',
  library: '/library',
  creatorTools: '/creator-tools',
  soundLab: '/creator-tools/soundlab',
  vocalLab: '/creator-tools/vocallab',
  tutorLab: '/creator-tools/tutorlab',
  abel: '/creator-tools/abel',
  klangPack: '/creator-tools/klang-pack',
  testVoice: '/creator-tools/test-voice',
  artist: withParam('/artist/:artistId'),
  /** A blind share link (decision 0307): the track it opens is heard before it is named. */
  share: withParam('/s/:token'),
  /** A share's embeddable blind player (decision 0308): the preview alone, for any site's frame. */
  embed: withParam('/embed/:token'),
  profile: '/profile',
  forum: '/forum',
  forumPost: withParam('/forum/post/:postId'),
  /** The team's blind share funnel (decision 0309): admins only, said plainly to anyone else. */
  adminShares: '/admin/shares',
  /** The welcome and status page (product-decisions.md, Accounts). */
  welcome: '/welcome',

  /** The feature tutorial's Upgrade target (spec 001 §2): lands on the upgrade flow. */
  subscription: '/subscription',
  /** An older checkout return target: redirects to /profile with its query (product-decisions.md). */
  artistProfileLegacy: '/artist-profile',
} as const;
