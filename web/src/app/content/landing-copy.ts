import { PRODUCT_NAME } from '@klang/domain';

/** The landing page's words, section by section in the order of spec 000 §2. */
export const LANDING_COPY = {
  hero: {
    subheadline:
      'Hear new tracks with no name, no cover and no follower count. Like one and the artist is revealed; your likes decide the charts.',
    previewCaption: 'Discover, as it plays: blind until you like.',
  },
  listen: {
    title: 'Listen on your terms',
    body: 'No names, no covers, no follower counts. Every track starts blind, so the only thing that decides whether you keep listening is how it sounds.',
    points: ['Swipe through fresh tracks', 'Like to reveal the artist', 'Keep what you love in your library'],
  },
  music: {
    title: 'All about the music',
    body: 'Try it now: press play for a random demo track and decide before you know who made it.',
  },
  charts: {
    title: 'Sound Powered Charts',
    body: 'Charts stay hidden until you like a track, and only the community’s likes decide who climbs. No bots, no paid placements.',
    rowHint: 'Like it in Discover to reveal',
  },
  loyalty: {
    title: 'Listener Loyalty',
    body: 'Earn K-Points for swiping, liking and listening, and exchange them for event tickets and merchandise from the artists you found.',
    levels: ['Community', 'Pro', 'Elite', 'VIP', 'Black'],
  },
  kit: {
    title: `${PRODUCT_NAME} Kit`,
    body: 'AI production tools for artists: sound effects in SoundLab, voices in VocalLab, and a tutor that answers in text or speech.',
    tools: ['SoundLab', 'VocalLab', 'TutorLab'],
  },
  artists: {
    title: 'Built for artists',
    summary: 'Five reasons to put your music on Klang',
    benefits: [
      {
        title: 'Judged on sound alone',
        body: 'Listeners meet your track before your name, so new artists get a fair hearing.',
      },
      {
        title: 'Fans who chose you',
        body: 'Every like is a listener who picked your music blind and now knows who you are.',
      },
      {
        title: 'Charts you can trust',
        body: 'Positions come from community likes, never from money or bots.',
      },
      {
        title: 'Analytics that matter',
        body: 'See likes, plays and where your listeners come from on your dashboard.',
      },
      {
        title: 'Tools to create',
        body: 'The Klang Kit puts AI sound design, vocals and a tutor in your hands.',
      },
    ],
  },
  lovers: {
    title: 'Made for Music Lovers',
    cards: [
      {
        id: 'discover',
        title: 'Discover',
        body: 'A stream of tracks you have never heard, from artists you have never heard of.',
      },
      {
        id: 'reveal',
        title: 'Reveal',
        body: 'Like a track and the curtain lifts: artist, title and cover are yours.',
      },
      { id: 'reward', title: 'Reward', body: 'Your taste earns K-Points, and your likes move the charts.' },
    ],
  },
} as const;
