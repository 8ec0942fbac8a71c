/**
 * The forum's first conversations, written for the seed so a fresh Klang has a forum people use:
 * seeded artists and listeners asking, answering and voting. An author missing from the seeded
 * catalogue (the small one tests use) leaves their thread, reply or vote out.
 */
export interface SeedForumReply {
  key: string;
  authorKey: string;
  /** Hours after the post. */
  hoursAfter: number;
  content: string;
  /** A reply to another reply of the same thread. */
  parentKey?: string;
}

export interface SeedForumThread {
  key: string;
  category: string;
  authorKey: string;
  /** Posted anonymously: the author owns it, nobody sees who. */
  isAnonymous?: boolean;
  title: string;
  content: string;
  daysAgo: number;
  viewCount: number;
  upvoters: readonly string[];
  downvoters?: readonly string[];
  replies: readonly SeedForumReply[];
}

export const SEED_FORUM_THREADS: readonly SeedForumThread[] = [
  {
    key: 'minimal-movement',
    category: 'Production Tips',
    authorKey: 'halden-marr',
    title: 'Keeping a minimal groove moving without adding more sounds',
    content: `Most of my tracks have six or seven elements, and for a long time they felt static after the first minute. What finally helped was moving what is already there instead of adding layers:

- Automate one filter very slowly (over 32 or 64 bars), so nobody notices it but the loop never repeats exactly.
- Ghost notes on the percussion at 20 to 30 percent velocity, nudged a few milliseconds late.
- Every 16 bars, drop one element for a single bar. The return does more than a new sound would.

What do you do to keep long loops alive?`,
    daysAgo: 18,
    viewCount: 214,
    upvoters: ['kite-theory', 'marta', 'lena', 'oskari-lumen', 'deshawn', 'june-kaskade'],
    replies: [
      {
        key: 'minimal-movement-1',
        authorKey: 'kite-theory',
        hoursAfter: 3,
        content:
          'Same idea with swing: I put the hats on 54 percent and the shaker on 58, so they drift against each other. The groove breathes without anything new.',
      },
      {
        key: 'minimal-movement-2',
        authorKey: 'halden-marr',
        hoursAfter: 5,
        parentKey: 'minimal-movement-1',
        content: 'Two different swing amounts is a great trick, stealing that for the next one.',
      },
      {
        key: 'minimal-movement-3',
        authorKey: 'lena',
        hoursAfter: 26,
        content:
          'As a listener: the bar where something drops out is exactly the moment I reach for the like button. Please keep doing it.',
      },
    ],
  },
  {
    key: 'kick-bass',
    category: 'Feedback',
    authorKey: 'velvet-static',
    title: 'Kick and bass fighting below 60 Hz: sidechain or EQ?',
    content: `My bass is a rolling sine under a long kick, and on big speakers the low end turns to mud. I have tried a fast sidechain from the kick, which works but pumps more than I want for this track.

Would you cut the bass under the kick with EQ instead, or shorten the kick? The track is in my uploads if anyone wants to have a listen.`,
    daysAgo: 11,
    viewCount: 167,
    upvoters: ['halden-marr', 'ferro-bloom', 'deshawn'],
    replies: [
      {
        key: 'kick-bass-1',
        authorKey: 'ferro-bloom',
        hoursAfter: 2,
        content:
          'Decide which one owns the sub. If the kick is long, let it own 40 to 60 Hz and high-pass the bass around 50, then let the bass speak from 60 to 120. A dynamic EQ band keyed from the kick is a gentler sidechain that only ducks the overlap.',
      },
      {
        key: 'kick-bass-2',
        authorKey: 'kite-theory',
        hoursAfter: 9,
        content:
          'Also check the two are in phase. Flip the polarity on the bass and listen in mono: if the low end gets louder, keep it flipped.',
      },
      {
        key: 'kick-bass-3',
        authorKey: 'velvet-static',
        hoursAfter: 30,
        parentKey: 'kick-bass-1',
        content:
          'The dynamic EQ did it. Only about 3 dB of ducking on one band and it sounds clean on the big speakers now. Thank you!',
      },
    ],
  },
  {
    key: 'two-am-reveal',
    category: 'Discoveries',
    authorKey: 'marta',
    title: 'Liked a track at 2am and it turned out to be from my own city',
    content:
      'I had no idea who it was until I liked it, and the artist lives twenty minutes away from me. Followed straight away. Has anyone else had a reveal like that?',
    daysAgo: 7,
    viewCount: 98,
    upvoters: ['deshawn', 'lena', 'aiko', 'halden-marr'],
    replies: [
      {
        key: 'two-am-reveal-1',
        authorKey: 'deshawn',
        hoursAfter: 4,
        content:
          'Mine was the opposite: I was sure it was a big name and it was someone with thirty followers. That is the whole point of listening blind, I suppose.',
      },
      {
        key: 'two-am-reveal-2',
        authorKey: 'lena',
        hoursAfter: 20,
        content: 'Please tell us who it is, or is that against the spirit of the thing?',
      },
      {
        key: 'two-am-reveal-3',
        authorKey: 'marta',
        hoursAfter: 22,
        parentKey: 'two-am-reveal-2',
        content: 'Ha, no. Find it on Discover like I did, that is half the fun.',
      },
    ],
  },
  {
    key: 'blind-taste',
    category: 'General',
    authorKey: 'deshawn',
    title: 'Has listening blind changed what you like?',
    content:
      'Before Klang I mostly played artists I already knew. After a month of blind listening about half of my library is names I had never heard of, and a few genres I thought I did not like. Curious whether it is the same for everyone.',
    daysAgo: 24,
    viewCount: 301,
    upvoters: ['marta', 'aiko', 'rafael', 'priya', 'velvet-static', 'saffron-hertz', 'lena'],
    downvoters: ['tomasz'],
    replies: [
      {
        key: 'blind-taste-1',
        authorKey: 'aiko',
        hoursAfter: 1,
        content:
          'Completely. I skipped anything with a house kick for years, and now a third of my likes are house. I think I was judging the cover art.',
      },
      {
        key: 'blind-taste-2',
        authorKey: 'rafael',
        hoursAfter: 6,
        content:
          'For me it is tempo. I like much slower music than I would have guessed, and I would never have clicked on it by name.',
      },
      {
        key: 'blind-taste-3',
        authorKey: 'halden-marr',
        hoursAfter: 30,
        content:
          'From the other side: my likes went up when I stopped worrying about the artwork and spent that time on the first 30 seconds of the track instead.',
      },
    ],
  },
  {
    key: 'leeds-showcase',
    category: 'Gigs & Events',
    authorKey: 'oskari-lumen',
    title: 'Small-room showcase, looking for two more live sets',
    content:
      'A friend runs a 120-capacity room and offered us a Thursday night for artists from here. Four slots of 40 minutes, live sets preferred over DJ sets, two are still open. Reply with what you play and what gear you bring.',
    daysAgo: 4,
    viewCount: 76,
    upvoters: ['june-kaskade', 'pale-circuit', 'marta'],
    replies: [
      {
        key: 'leeds-showcase-1',
        authorKey: 'june-kaskade',
        hoursAfter: 5,
        content:
          'I would love a slot. Live deep tech from a groovebox and a small synth, everything fits in a backpack and I only need two inputs.',
      },
      {
        key: 'leeds-showcase-2',
        authorKey: 'oskari-lumen',
        hoursAfter: 8,
        parentKey: 'leeds-showcase-1',
        content: 'Perfect, that is one slot taken. Sending you the details.',
      },
    ],
  },
  {
    key: 'headroom',
    category: 'Production Tips',
    authorKey: 'tomasz',
    isAnonymous: true,
    title: 'Beginner question: what does headroom actually mean?',
    content:
      'Every tutorial says leave headroom before mastering, but nobody says how much or why. My mixes peak at 0 dB and I am a little embarrassed to ask.',
    daysAgo: 9,
    viewCount: 143,
    upvoters: ['saffron-hertz', 'velvet-static', 'priya'],
    replies: [
      {
        key: 'headroom-1',
        authorKey: 'saffron-hertz',
        hoursAfter: 2,
        content:
          'Nothing to be embarrassed about. Headroom is the space between your loudest peak and 0 dBFS. Aim for peaks around -6 dB on the mix bus, so limiting and EQ at the mastering stage have room to work without clipping.',
      },
      {
        key: 'headroom-2',
        authorKey: 'velvet-static',
        hoursAfter: 7,
        content:
          'Easiest way there: turn every channel fader down by the same amount rather than putting a limiter on the master. The balance stays exactly as you had it.',
      },
    ],
  },
  {
    key: 'long-intro',
    category: 'Feedback',
    authorKey: 'ines-farrow',
    title: 'Is a 90-second intro too long for Discover?',
    content:
      'My new track builds slowly and the drums only arrive at 1:30. In a club that works, but on Discover people skip after a few seconds. Should I make a shorter edit for Klang, or trust the listeners?',
    daysAgo: 2,
    viewCount: 58,
    upvoters: ['priya', 'kite-theory'],
    replies: [
      {
        key: 'long-intro-1',
        authorKey: 'priya',
        hoursAfter: 1,
        content:
          'Honest listener answer: I give a track about 15 seconds. If something interesting happens in that time I stay, drums or not. A texture or a vocal snippet is enough.',
      },
      {
        key: 'long-intro-2',
        authorKey: 'kite-theory',
        hoursAfter: 12,
        content:
          'I upload a radio edit with the intro cut to 30 seconds and keep the long version for DJs. The edit gets noticeably more likes.',
      },
    ],
  },
];
