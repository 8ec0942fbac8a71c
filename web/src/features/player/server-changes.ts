/**
 * What a player command changed on the server that other screens read through their queries:
 * the likes (the charts' and the artist pages' counts), the library, the artists followed, the
 * K-Points, the taste. The player holds no copy of these; it names the change, and the app turns
 * it into invalidations of the queries that hold them (`app/shell/player-query-sync.ts`), since
 * the player does not import the features whose query keys those are.
 */
export type ServerChange = 'likes' | 'library' | 'follows' | 'points' | 'taste';

let handle: (changes: readonly ServerChange[]) => void = () => undefined;

/** Set once by the app's shell; until then (a test, a visitor's page) a change goes unheard. */
export function setServerChangeHandler(handler: (changes: readonly ServerChange[]) => void): void {
  handle = handler;
}

/** Tells the app that a command the server accepted changed these. */
export function announceChanges(...changes: ServerChange[]): void {
  handle(changes);
}
