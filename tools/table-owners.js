// Which area owns each table, and what other areas may do with it (decision 0240). The lint rule
// `klang/table-ownership` holds the server's SQL to this map: an area writes only its own tables
// (or the columns granted here), and reads another area's table only where a reader is listed
// here with its reason. A table the migrations create and this map does not name fails the rule's
// test, so a new table gets an owner when it is made.
//
// The areas are the server modules (`server/src/modules/<area>/`), with the provider folders
// under the same word (`providers/payments/` is payments), the session and rate-limit plugins
// (`sessions`, `rate-limits`) and the job queue (`jobs`).

/**
 * @typedef {{ columns: readonly string[] | '*', why: string }} WriteGrant
 * @typedef {{ owner: string, writers?: Record<string, WriteGrant>, readers?: Record<string, string> }} Ownership
 */

/** Read models: the catalogue ranks and shows what other areas own, in one statement per screen. */
const CATALOGUE_READ =
  'the charts, library and artist pages join it in one ranked read (catalogue is a read model)';
/** Who may see whom: a name, an avatar, a badge on a public row. */
const PUBLIC_PROFILE = 'names and badges shown beside its own rows';
/** Each area that stores a file registers and removes its own object rows. */
/** @type {WriteGrant} */
const OWN_OBJECTS = {
  columns: '*',
  why: 'registers and removes the object rows of the files it stores (the shared media registry)',
};

/** @type {Record<string, Ownership>} */
export const TABLE_OWNERS = {
  // accounts
  accounts: {
    owner: 'accounts',
    readers: {
      catalogue: CATALOGUE_READ,
      loyalty: 'the loyalty card: the account its ledger belongs to',
      payments: 'who is paying, and who a billing email goes to',
      sessions: 'the signed-in account of a session cookie, in the same read',
      follows: 'the follow digest goes only to a verified, lasting address (decision 0306)',
      analytics: 'hook analytics count only listeners the verdict trusts toward their floor (decision 0257)',
      player: 'the roll-up of old deals judges trust as hook analytics do (decision 0317)',
    },
  },
  profiles: {
    owner: 'accounts',
    readers: {
      catalogue: PUBLIC_PROFILE,
      follows: PUBLIC_PROFILE,
      forum: PUBLIC_PROFILE,
      loyalty: 'the username on the loyalty card',
      payments: 'the name a billing email is addressed to',
      player: 'the artist name of a revealed track',
    },
  },
  artist_profiles: {
    owner: 'accounts',
    writers: {
      payments: {
        columns: ['subscription_tier', 'trial_end_date', 'updated_at'],
        why: "the tier is the payments' entitlement, set from the provider's subscription in the webhook's transaction",
      },
      follows: {
        columns: ['followers'],
        why: 'the follower count shown on artist pages, moved with the follow in one statement',
      },
    },
    readers: {
      analytics:
        'whether the one asking for a hook report is an artist, and the artist’s lock a test starts under (the lock featuring takes)',
      catalogue: CATALOGUE_READ,
      follows: PUBLIC_PROFILE,
      forum: PUBLIC_PROFILE,
      player: 'the artist card of a revealed track',
      tracks: 'the tier that caps uploads and featured tracks, and the dashboard’s followers',
    },
  },
  listener_profiles: { owner: 'accounts', readers: { forum: PUBLIC_PROFILE } },
  admins: {
    owner: 'accounts',
    readers: {
      forum: 'moderators remove others’ posts and replies; an author’s card says “admin”',
    },
  },
  password_reset_tokens: { owner: 'accounts' },
  email_verification_tokens: { owner: 'accounts' },
  login_failures: { owner: 'accounts' },
  listener_invites: { owner: 'accounts' },
  sessions: {
    owner: 'sessions',
    writers: {
      accounts: {
        columns: '*',
        why: 'signing in opens a session, and a password change or a deletion ends the others',
      },
    },
    readers: { kit: "a demo visitor's SoundLab presets last as long as their session (decision 0258)" },
  },
  rate_limits: { owner: 'rate-limits' },

  // player
  deals: {
    owner: 'player',
    readers: {
      analytics:
        'hook analytics are measured on deals (where a listener liked or left), and the share funnel counts their likes (decision 0309)',
      catalogue: 'the blind verdict is computed from the deals of its window',
      follows: 'the follow digest counts only deliveries never dealt to the follower (decision 0306)',
      tracks: 'the dashboard counts the followers who heard a new track in its first day (decision 0306)',
    },
  },
  // The partition that takes a deal of a month without one (decision 0312); the months'
  // partitions are made by `deals_prepare_month`, under names no migration spells.
  deals_default: { owner: 'player' },
  // The partition every rolled-up month's remaining deals join (decision 0317): made under this
  // name by `deals_roll_into_archive`, then renamed `deals_rolled`.
  deals_rolled_next: { owner: 'player' },
  deal_notes: {
    owner: 'player',
    readers: { analytics: 'Blind Notes are counted beside the hooks they explain (decision 0302)' },
  },
  deck_exposure: {
    owner: 'player',
    readers: {
      follows: 'the follow digest counts only deliveries of tracks still in the deck (decision 0306)',
    },
  },
  follow_releases: {
    owner: 'player',
    readers: {
      tracks: 'the dashboard’s "first day" of a new track starts when it entered the deck (decision 0306)',
    },
  },
  shares: { owner: 'player' },
  follow_deliveries: {
    owner: 'player',
    readers: { follows: 'the follow digest counts the deliveries waiting for each follower (decision 0306)' },
  },
  ab_tests: {
    owner: 'analytics',
    readers: {
      player:
        'a deal of a track under test is served, and its position clamped, in the version its listener hears (decision 0304)',
      tracks: 'a track that is version B of a running test cannot be featured (decision 0304)',
    },
  },
  listener_taste: { owner: 'player' },
  // What a rolled-up month of deals leaves for the reads (decision 0317).
  listener_tracks: {
    owner: 'player',
    readers: {
      analytics: 'hook analytics and the genre median count listeners of months rolled up (decision 0317)',
      catalogue: 'the verdict leaves out a listener who held the track in a month rolled up (decision 0317)',
      follows: 'the follow digest counts only deliveries never dealt to the follower (decision 0306)',
      tracks: 'the dashboard counts the followers who heard a new track in its first day (decision 0306)',
    },
  },
  track_hearing_rollups: {
    owner: 'player',
    readers: { analytics: 'hook analytics count the hearings of months rolled up (decision 0317)' },
  },
  track_rollups: {
    owner: 'player',
    readers: { analytics: 'the genre median counts the ratings of months rolled up (decision 0317)' },
  },
  deal_months_rolled: { owner: 'player' },
  playback_grants: { owner: 'player' },
  stream_grants: { owner: 'player' },
  track_interactions: {
    owner: 'player',
    readers: { catalogue: 'a listener’s library and the likes a chart counts' },
  },

  // tracks
  tracks: {
    owner: 'tracks',
    writers: {
      player: {
        columns: ['likes', 'dislikes', 'added_to_library', 'play_count'],
        why: "the track's counters, moved with the like or the play in one statement for the charts' index",
      },
      analytics: {
        columns: [
          'source_media_id',
          'audio_media_id',
          'rendition_key',
          'duration_ms',
          'peaks',
          'bpm',
          'bpm_confidence',
          'key_camelot',
          'key_confidence',
          'energy_rms_db',
          'loudness_range_db',
          'onsets_per_second',
          'brightness_hz',
          'energy_percentile',
          'sound_measured_at',
          'bpm_artist',
          'key_artist',
          'updated_at',
        ],
        why: 'a winning A/B version B’s audio and measured sound move into the featured track, and A’s into B’s upload, in the transaction that ends the test (decision 0304)',
      },
      catalogue: {
        columns: ['verdict_score', 'verdict_share', 'verdict_listeners'],
        why: "the blind verdict's score, kept on the row the chart index orders by, and the trusted figures a chart row shows",
      },
    },
    readers: {
      analytics: 'the artist’s own track a hook report is for',
      catalogue: CATALOGUE_READ,
      follows: 'a follow digest counts a delivery only while its artist is still followed (decision 0306)',
      player: 'the deck deals and reveals tracks',
    },
  },
  track_daily_stats: { owner: 'tracks' },
  media_objects: {
    owner: 'media',
    writers: {
      accounts: OWN_OBJECTS,
      kit: OWN_OBJECTS,
      'klang-packs': OWN_OBJECTS,
      tracks: OWN_OBJECTS,
    },
    readers: {
      accounts: 'its profile images',
      catalogue: 'the cover of a ranked or revealed track',
      'demo-tracks': 'the demo tracks’ audio and covers',
      forum: 'the avatars beside posts',
      kit: 'its stored pads',
      'klang-packs': 'its training photos and images',
      player: 'the audio a grant streams and a revealed cover',
      tracks: 'its audio and covers',
    },
  },

  // catalogue
  chart_positions: {
    owner: 'catalogue',
    readers: { tracks: 'the dashboard shows an artist’s chart positions' },
  },
  chart_method_figures: { owner: 'catalogue' },

  // follows
  follows: {
    owner: 'follows',
    readers: {
      catalogue: 'the followed artists and the follow state on artist pages',
      player: 'the follow state on a reveal card, and who a new track is delivered to first (decision 0306)',
    },
  },
  follow_digests: { owner: 'follows' },

  // loyalty
  user_xp: {
    owner: 'loyalty',
    writers: {
      accounts: { columns: '*', why: 'a new account’s ledger row is made in the signup’s transaction' },
    },
  },
  point_awards: { owner: 'loyalty' },

  // payments
  payment_subscriptions: {
    owner: 'payments',
    readers: {
      accounts: 'a temporary checkout account with a subscription is never discarded (read under its lock)',
      tracks: 'whether a live subscription backs the tier that caps uploads',
    },
  },
  payment_events: { owner: 'payments' },
  local_checkout_sessions: { owner: 'payments' },
  local_subscriptions: {
    owner: 'payments',
    readers: { accounts: 'a temporary checkout account with a local subscription is never discarded' },
  },
  local_payment_deliveries: { owner: 'payments' },

  // the rest, one owner each and no other user
  analytics_events: { owner: 'analytics' },
  demo_tracks: { owner: 'demo-tracks' },
  email_outbox: { owner: 'email' },
  bug_reports: { owner: 'forms' },
  contact_submissions: { owner: 'forms' },
  captcha_redemptions: { owner: 'forms' },
  forum_categories: { owner: 'forum' },
  forum_posts: { owner: 'forum' },
  forum_post_owners: { owner: 'forum' },
  forum_post_votes: { owner: 'forum' },
  forum_post_views: { owner: 'forum' },
  forum_replies: { owner: 'forum' },
  forum_reply_owners: { owner: 'forum' },
  jobs: { owner: 'jobs' },
  soundlab_pads: { owner: 'kit' },
  soundlab_presets: { owner: 'kit' },
  klang_packs: { owner: 'klang-packs' },
  klang_pack_photos: { owner: 'klang-packs' },
  klang_pack_results: { owner: 'klang-packs' },
  klang_pack_images: { owner: 'klang-packs' },
  subscribers: { owner: 'subscribers' },
  marketing_suppressions: {
    owner: 'subscribers',
    readers: { follows: 'the follow digest never goes to an address that unsubscribed (decision 0306)' },
  },
};

/**
 * The area a server file belongs to, or undefined for code that is no area's (the database
 * layer, tests, scripts).
 * @param {string} relative the path from the repository root, with forward slashes
 */
export function areaOfFile(relative) {
  const match = /^server\/src\/(?:modules|providers)\/([^/]+)\//.exec(relative);
  if (match) return match[1];
  if (relative === 'server/src/plugins/sessions.repository.ts') return 'sessions';
  if (relative === 'server/src/plugins/rate-limits.repository.ts') return 'rate-limits';
  if (relative.startsWith('server/src/jobs/')) return 'jobs';
  return undefined;
}
