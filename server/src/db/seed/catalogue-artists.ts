/**
 * Seed artists. Tiers follow the brief of the seed: four pro artists with custom URLs (one with
 * the gold badge), one on trial, the rest free. Websites use the reserved .example domain.
 */
import type { AvatarStyle } from '../../lib/art/avatar';
import type { SeedArtist } from './catalogue';

interface ArtistInput {
  key: string;
  artistName: string;
  bio: string;
  instagram: string | null;
  website: string | null;
  tier: SeedArtist['tier'];
  goldBadge?: boolean;
  artistUrl?: string;
  avatar: AvatarStyle;
}

/** The username is the key without dashes: one lower-case word, as spec 001 §5 asks. */
function defineArtist(input: ArtistInput): SeedArtist {
  const username = input.key.replaceAll('-', '');
  return {
    key: input.key,
    username,
    artistName: input.artistName,
    bio: input.bio,
    instagram: input.instagram,
    website: input.website,
    email: `${username}@artists.klang.test`,
    tier: input.tier,
    goldBadge: input.goldBadge ?? false,
    artistUrl: input.artistUrl ?? null,
    avatar: input.avatar,
  };
}

export const SEED_ARTISTS: readonly SeedArtist[] = [
  defineArtist({
    key: 'halden-marr',
    artistName: 'Halden Marr',
    bio: 'Halden Marr builds long, patient grooves out of field recordings from the Rotterdam docks. Every track starts as a single loop left running overnight.',
    instagram: 'halden.marr',
    website: 'https://haldenmarr.example',
    tier: 'pro',
    goldBadge: true,
    artistUrl: 'halden-marr',
    avatar: { hue: 188, motif: 'rings' },
  }),
  defineArtist({
    key: 'velvet-static',
    artistName: 'Velvet Static',
    bio: 'A duo from Leeds who met fixing broken samplers in a pawn shop. Their house is warm, slightly wonky and made for the last hour of the night.',
    instagram: 'velvetstatic',
    website: 'https://velvetstatic.example',
    tier: 'pro',
    artistUrl: 'velvet-static',
    avatar: { hue: 18, motif: 'aura' },
  }),
  defineArtist({
    key: 'kite-theory',
    artistName: 'Kite Theory',
    bio: 'Kite Theory grew up on pirate radio and still mixes everything on headphones on the night bus. Expect swung hats, organ stabs and basslines that bounce.',
    instagram: 'kitetheory',
    website: null,
    tier: 'pro',
    artistUrl: 'kite-theory',
    avatar: { hue: 276, motif: 'petals' },
  }),
  defineArtist({
    key: 'ferro-bloom',
    artistName: 'Ferro Bloom',
    bio: 'Industrial textures, hypnotic loops and a soft spot for rusty drum machines.',
    instagram: 'ferro.bloom',
    website: 'https://ferrobloom.example',
    tier: 'pro',
    artistUrl: 'ferrobloom',
    avatar: { hue: 352, motif: 'shards' },
  }),
  defineArtist({
    key: 'oskari-lumen',
    artistName: 'Oskari Lumen',
    bio: 'Helsinki-based producer working between deep tech and dub. He records his chords through a tape echo that is older than he is.',
    instagram: 'oskarilumen',
    website: null,
    tier: 'trial',
    avatar: { hue: 160, motif: 'aura' },
  }),
  defineArtist({
    key: 'pale-circuit',
    artistName: 'Pale Circuit',
    bio: 'Rolling drum & bass from a bedroom in Bristol. Reese basses, broken clocks and a lot of late-night tea.',
    instagram: 'palecircuit',
    website: null,
    tier: 'free',
    avatar: { hue: 96, motif: 'shards' },
  }),
  defineArtist({
    key: 'june-kaskade',
    artistName: 'June Kaskade',
    bio: 'June writes liquid drum & bass and the occasional two-step detour. Her first release was pressed on 50 lathe-cut records and sold out at one party.',
    instagram: 'junekaskade',
    website: 'https://junekaskade.example',
    tier: 'free',
    avatar: { hue: 205, motif: 'petals' },
  }),
  defineArtist({
    key: 'saffron-hertz',
    artistName: 'Saffron Hertz',
    bio: 'Tech house with a sense of humour, made between shifts as a sound engineer.',
    instagram: null,
    website: null,
    tier: 'free',
    avatar: { hue: 38, motif: 'rings' },
  }),
  defineArtist({
    key: 'dunmore-signal',
    artistName: 'Dunmore Signal',
    bio: 'Dunmore Signal is one person, two synthesizers and a rule: no track leaves the studio until it has been played loud in a car park. The results are stripped-back techno with plenty of air.',
    instagram: 'dunmoresignal',
    website: null,
    tier: 'free',
    avatar: { hue: 228, motif: 'shards' },
  }),
  defineArtist({
    key: 'ines-farrow',
    artistName: 'Ines Farrow',
    bio: 'Minimal and microhouse from Lisbon, full of clicks, small voices and unexpected space.',
    instagram: 'ines.farrow',
    website: 'https://inesfarrow.example',
    tier: 'free',
    avatar: { hue: 330, motif: 'aura' },
  }),
  defineArtist({
    key: 'quiet-harbour',
    artistName: 'Quiet Harbour',
    bio: 'Garage and deep house from the south coast, written at sunrise after the clubs close. Soft chords, restless drums.',
    instagram: null,
    website: null,
    tier: 'free',
    avatar: { hue: 248, motif: 'rings' },
  }),
  defineArtist({
    key: 'nilo-brandt',
    artistName: 'Nilo Brandt',
    bio: 'Berlin-based, Chilean-born. Nilo makes spacious deep tech for small rooms and big speakers.',
    instagram: 'nilobrandt',
    website: null,
    tier: 'free',
    avatar: { hue: 128, motif: 'petals' },
  }),
  defineArtist({
    key: 'sable-rook',
    artistName: 'Sable & Rook',
    bio: 'Two cousins, one shared hard drive. Their house music leans on disco samples they are far too polite to name, so they replay everything on keys.',
    instagram: 'sableandrook',
    website: 'https://sablerook.example',
    tier: 'free',
    avatar: { hue: 8, motif: 'petals' },
  }),
  defineArtist({
    key: 'greywater',
    artistName: 'Greywater',
    bio: 'Greywater makes slow-burning deep tech out of modular patches and rain. Unsigned and happy about it.',
    instagram: null,
    website: null,
    tier: 'free',
    avatar: { hue: 200, motif: 'rings' },
  }),
];
