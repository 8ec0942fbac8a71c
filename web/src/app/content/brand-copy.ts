/** The landing tagline, word for word from spec 000 §2 (the typed tagline of the landing page). */
export const TAGLINE = 'Your gateway to undiscovered music';
