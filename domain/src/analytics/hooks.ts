/**
 * Hook analytics (issue 19 item 5, decision 0200): what blind listeners did with an artist's
 * track, as aggregates only. The numbers shared by the server that computes them, the web app
 * that draws them and the tests that check them.
 */
export const HOOKS = {
  /**
   * Aggregates are shown over at least this many distinct listeners, and they only move in
   * steps of this many new listeners, so two reads never differ by one listener's hearing.
   */
  minListeners: 5,
  /** The skip curve's steps over the track's length: a point at 0 %, 5 %, …, 100 %. */
  curveSteps: 20,
  /**
   * The seconds-to-like histogram's bin edges in seconds; the last bin is open. Narrow at the
   * start, where a hook wins or loses a listener.
   */
  likeSecondEdges: [0, 5, 10, 15, 20, 30, 45, 60, 90, 120] as const,
  /** A genre's median like rate needs this many tracks with enough listeners of their own. */
  genreMedianMinTracks: 3,
} as const;

export const HOOKS_MESSAGES = {
  notEnoughListeners: `Not enough listeners yet: hook analytics appear once ${String(HOOKS.minListeners)} different listeners have heard this track.`,
} as const;
