/** The landing tagline, word for word from spec 000 §2 (the typed tagline of the landing page). */
export const TAGLINE = 'Your gateway to undiscovered music';

/** Spec 000 §9: the tagline types at 50 ms per character. */
export const TAGLINE_MS_PER_CHARACTER = 50;
