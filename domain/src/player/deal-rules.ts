/**
 * The deal as a listening event and the fair deck (issue 19, decisions 0190 and 0191): the
 * numbers server, web client and benchmarks share.
 */
export const DEAL_RULES = {
  /**
   * Blind deals every eligible featured track is guaranteed before any track is dealt at more
   * than twice as many (the server's `FIRST_LISTENS` overrides it).
   */
  firstListensDefault: 50,
  /** The largest `FIRST_LISTENS` accepted: the guarantee must stay reachable for a catalogue. */
  firstListensMax: 100_000,
  /**
   * The largest position a client may report, in milliseconds (the column is a 32-bit integer).
   * Larger is refused; anything up to it is clamped to what the server observed.
   */
  positionMaxMs: 2_147_483_647,
  /**
   * How long a deal stays open (decision 0314): for this many days after it is dealt its alias
   * can be played, liked, skipped or left; after that it names nothing, and the deck deals
   * afresh. So a rating or a first serve is never more than this (plus one grant's lifetime) after
   * its deal, and the verdict reads only the months its window can reach. An offline pack's
   * lifetime (72 hours) is within it.
   */
  openDays: 7,
} as const;

/** How a deal ended: liked, skipped (a dislike), or left unrated after its audio was served. */
export const DEAL_ENDINGS = ['like', 'skip', 'left'] as const;
export type DealEnding = (typeof DEAL_ENDINGS)[number];
