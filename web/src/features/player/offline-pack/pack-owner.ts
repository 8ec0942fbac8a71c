/**
 * Whose offline pack the device may show: the one thing the app shell tells the pack, kept apart
 * from the pack's record so that the landing page's first download does not carry the pack (the
 * first-route budget, bench/README.md).
 */

// The signed-in user's id, asked of the app (features do not import the accounts feature).
let ownerOf: () => string | null = () => null;

/** Tells the pack who is signed in; the app wires it once, at start. */
export function setPackOwnerSource(source: () => string | null): void {
  ownerOf = source;
}

export function packOwner(): string | null {
  return ownerOf();
}
