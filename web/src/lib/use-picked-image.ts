import { useEffect, useState } from 'react';

/**
 * An image the user picked from their device, held as an object URL until it is replaced or the
 * screen goes (then revoked, so a large photo does not stay in memory). `choose` checks the file
 * first and keeps the check's message in `error`.
 */
export function usePickedImage(check: (file: File) => string | null) {
  const [source, setSource] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source);
    },
    [source],
  );

  /** Resolves with the new object URL, or null when there was no file or the check refused it. */
  function choose(file: File | undefined): string | null {
    if (!file) return null;
    const problem = check(file);
    setError(problem);
    if (problem) return null;
    const url = URL.createObjectURL(file);
    setSource(url);
    return url;
  }

  return {
    source,
    error,
    setError,
    choose,
    clear: () => {
      setSource(null);
    },
  };
}
