// What browsers and Vite say when a lazily imported chunk cannot be fetched: after a deploy removed
// the old hashed file, or when the network dropped mid-navigation.
const CHUNK_LOAD_MESSAGES = [
  /failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /unable to preload css/i, // Vite's preload helper, when a chunk's stylesheet fails
  /loading (css )?chunk [\w-]+ failed/i, // webpack-style wording, kept for libraries that use it
];

/** True when an error means a route's code could not be loaded, as opposed to a crash in it. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_LOAD_MESSAGES.some((pattern) => pattern.test(error.message));
}
