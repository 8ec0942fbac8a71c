import { PRO_PLAN, PRODUCT_NAME, TIER_LIMITS, UPLOAD_GENRES } from '@klang/domain';
import { paths } from '../paths';

/** An answer may end with a link to the page that tells the rest (an app path). */
export type FaqEntry = { question: string; answer: string; link?: { label: string; to: string } };
export type FaqSection = { id: 'listeners' | 'artists'; title: string; entries: readonly FaqEntry[] };

// Spec 002 §9, FAQ content: every point of the spec has its question here, in our own words.
// The spec's FAQ quotes an open-beta price (£5.99 for 3 months) that no checkout sells; the FAQ
// states the plan Klang really offers (docs/decisions/0006-web-shell.md).

export const FAQ_SECTIONS: readonly FaqSection[] = [
  {
    id: 'listeners',
    title: 'Listeners',
    entries: [
      {
        question: `What is ${PRODUCT_NAME}?`,
        answer: `${PRODUCT_NAME} is a music discovery platform where every track plays anonymously. You swipe through new music, like what you love, and reveal the artist by sound alone, with no name, cover or reputation to sway you.`,
      },
      {
        question: 'Why can’t I see who made a track?',
        answer:
          'Because we want you to judge the music, not the name. The artist stays hidden until you like the track; the moment you do, you see who made it and can follow them or add the track to your library.',
      },
      {
        question: 'How do the charts work?',
        answer:
          'Tracks rank by the verdict of blind listeners, genre by genre: the share of likes among the listeners the deck dealt them to, so five likes from five listeners can beat five hundred from five thousand. Your view of the charts is personal: you only see the titles and artists of tracks you have liked yourself, and the rest stay masked until you discover them. There are no bots and no paid rankings, ever.',
        link: { label: 'How the charts rank, with live figures', to: paths.chartsMethod },
      },
      {
        question: 'What is the loyalty card?',
        answer:
          'Your loyalty card collects K-Points for every swipe, every like and every second you spend listening. Points lift you through the membership tiers and can be redeemed for event ticket raffles and merchandise.',
      },
      {
        question: 'Can I invite my friends?',
        answer: `Yes. Every new listener gets 5 exclusive invites to share, so the people whose taste you trust can join you on ${PRODUCT_NAME}.`,
      },
    ],
  },
  {
    id: 'artists',
    title: 'Artists',
    entries: [
      {
        question: `How do I get my music on ${PRODUCT_NAME}?`,
        answer:
          'Sign up for an artist account, then upload a track with a cover image and your artist name. For the best sound, upload a 320 kbps MP3; WAV, M4A and MP4 files work too.',
      },
      {
        question: 'What does it cost?',
        answer: `You can start with a free artist account: ${TIER_LIMITS.free.uploads} uploads and ${TIER_LIMITS.free.featured} track in the player. Artist Pro gives you unlimited uploads, ${TIER_LIMITS.pro.featured} tracks in the player and the ${PRODUCT_NAME} Kit for ${PRO_PLAN.priceLabel} a month, and starts with a ${PRO_PLAN.offerTrialDays}-day free trial. You can cancel at any time.`,
      },
      {
        question: 'Can I upload covers, remixes or samples I don’t own?',
        answer: `No. ${PRODUCT_NAME} is for original music only: you must own, or have cleared, everything in the tracks you upload.`,
      },
      {
        question: 'Which of my tracks do listeners hear?',
        answer: `You choose. Pick which uploaded tracks are featured in the main player: ${TIER_LIMITS.free.featured} on a free account, up to ${TIER_LIMITS.pro.featured} on Artist Pro. You can swap them whenever you like.`,
      },
      {
        question: 'Which genres can I upload?',
        answer: `We are rolling genres out gradually during the beta, so each one launches with enough listeners to be worth your while. Right now you can upload ${listGenres(UPLOAD_GENRES)}, with more on the way.`,
      },
      {
        question: 'Who owns my music?',
        answer: `You do. You keep full ownership of everything you upload, and ${PRODUCT_NAME} takes no royalties. You can remove a track whenever you wish.`,
      },
    ],
  },
];

function listGenres(genres: readonly string[]): string {
  if (genres.length < 2) return genres.join('');
  return `${genres.slice(0, -1).join(', ')} and ${genres.at(-1) ?? ''}`;
}
