/** Business constants and limits shared by client and server (spec 000 §9, 001 §9, 002 §9). */
export const LIMITS = {
  passwordMinLength: 6,
  minimumAge: 13,
  audioMaxBytes: 78_643_200,
  /** A track's audio: at least a second, at most 20 minutes (product decision; decision 0250). */
  trackMinSeconds: 1,
  trackMaxSeconds: 1200,
  imageMaxBytes: 5_242_880,
  audioMimeTypes: ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/x-m4a', 'audio/mp4'],
  audioExtensions: ['.mp3', '.wav', '.m4a', '.mp4'],
  imageMimeTypes: ['image/jpeg', 'image/png'],
  secureUrlDefaultSeconds: 600,
  secureUrlMinSeconds: 60,
  secureUrlMaxSeconds: 600,
  listeningTickSeconds: 30,
  listeningMinutesPerCallMax: 60,
  demoTrackFetchLimit: 50,
  resetLinkSeconds: 3600,
  /** How long an email verification link works (decision 0255). */
  verifyLinkSeconds: 86_400,
  packImagesMin: 20,
  packImagesMax: 70,
  forumPreviewChars: 150,
  swipeThresholdPx: 50,
  swipeActionDelayMs: 200,
} as const;

export const TERMS_EFFECTIVE_DATE = '2025-06-02';
