import { z } from 'zod';

/** The tutor's strings (spec 002 §2.4, §3, §5, §8), word for word. */
export const TUTOR_MESSAGES = {
  inputPlaceholder: 'Ask me about music production or request track recommendations',
  followUpPlaceholder: 'Ask a follow-up question...',
  thinking: 'Abel is thinking...',
  recommendedTracks: 'Recommended tracks:',
  listenOnSpotify: 'Listen on Spotify',
  /**
   * The name of the buttons offered when the tutor has nothing on a question, each asking one
   * topic; the answer above them already says to ask about one, so nothing more is shown.
   */
  suggestedTopics: 'Topics to ask about',
  fallback: "Sorry, I couldn't generate a proper response. Please try asking again.",
  invalidFormat: 'Invalid response format from API',
  failedToGenerate: 'Failed to generate response',
  couldNotAccessMicrophone: 'Could not access microphone. Please check permissions.',
  failedToStartRecognition: 'Failed to start speech recognition. Please try again.',
  recognitionUnsupported: 'Speech recognition not supported in this browser',
  enterQuestion: 'Please enter a question',
  questionTooLong: 'This question is too long',
  historyTooLong: 'This conversation is too long to continue; start a new one',
  voiceAgentUnavailable: 'The voice agent is not available right now. Please try again.',
  /** The voice agent without anything that can hear: no speech to text here, none in the browser. */
  voiceAgentTypedOnly:
    'Abel cannot hear you here: this server has no speech to text and this browser has no speech recognition, so type your question below.',
  /** The voice agent where only the browser can hear: its recognition types what is said. */
  voiceAgentBrowserEars:
    'This server has no speech to text, so Abel reads what you type: press the microphone beside the box and your browser types what you say.',
} as const;

/** Spec 002 §8: the speech-recognition error texts, by the browser's error code. */
export const SPEECH_ERROR_MESSAGES: Record<string, string> = {
  'not-allowed': 'Microphone access denied. Please allow microphone permissions and try again.',
  'no-speech': 'No speech detected. Please try speaking again.',
  'audio-capture': 'Microphone not available. Please check your microphone connection.',
  network: 'Network error occurred. Please check your internet connection.',
  'not-supported': 'Speech recognition is not supported in this browser.',
  'service-not-allowed': 'Speech recognition service is not allowed. Please check your browser settings.',
};

/** The text for any speech-recognition error code (spec 002 §8, 'other' for unknown codes). */
export function speechErrorMessage(code: string): string {
  return SPEECH_ERROR_MESSAGES[code] ?? `Speech recognition error: ${code}. Please try again.`;
}

/**
 * The spec's words (§8) for a failure to open the microphone, from the DOMException the browser
 * raises ('NotFoundError: Requested device not found' on a machine with none) or the message an
 * SDK passes on. What is not about the microphone gets the tutor's generic microphone text.
 */
export function microphoneErrorMessage(error: unknown): string {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const text = `${name} ${message}`;
  if (/NotAllowed|Security|Permission|denied|not allowed/i.test(text)) {
    return SPEECH_ERROR_MESSAGES['not-allowed'] ?? TUTOR_MESSAGES.couldNotAccessMicrophone;
  }
  if (
    /NotFound|Overconstrained|NotReadable|device not found|could not start audio source|no microphone/i.test(
      text,
    )
  ) {
    return SPEECH_ERROR_MESSAGES['audio-capture'] ?? TUTOR_MESSAGES.couldNotAccessMicrophone;
  }
  return TUTOR_MESSAGES.couldNotAccessMicrophone;
}

/** Spec 002 §9 and the bounds one request may ask for. */
export const TUTOR_LIMITS = {
  titleChars: 50,
  recentConversations: 5,
  transcriptTitleChars: 30,
  language: 'en-US',
  autoRestartMs: 1000,
  silenceCheckMs: 1500,
  promptMax: 2000,
  historyMax: 200,
  /** The recent turns the engines read: enough for follow-ups, bounded in cost. */
  historyTurnsRead: 12,
  requestsPerMinute: 12,
  microphone: { sampleRate: 44_100, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
} as const;

/** Spec 002 §3 Message, as the client sends it back as history. */
export const tutorMessageSchema = z.object({
  id: z.string().max(100).optional(),
  type: z.enum(['user', 'ai']),
  content: z.string().max(20_000),
  timestamp: z.union([z.string(), z.number()]).optional(),
});
export type TutorHistoryMessage = z.infer<typeof tutorMessageSchema>;

/** Spec 002 §7 tutor-response and abel-response: `{prompt, conversationHistory}`. */
export const tutorRequestSchema = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, TUTOR_MESSAGES.enterQuestion)
    .max(TUTOR_LIMITS.promptMax, TUTOR_MESSAGES.questionTooLong),
  // Extra fields a client keeps on its messages (audio, links) are dropped, not refused.
  conversationHistory: z
    .array(z.looseObject(tutorMessageSchema.shape))
    .max(TUTOR_LIMITS.historyMax, TUTOR_MESSAGES.historyTooLong)
    .default([]),
});
export type TutorRequest = z.infer<typeof tutorRequestSchema>;

/** A track from Klang's own catalogue the tutor points to: only what the user may already see. */
export const tutorCatalogueTrackSchema = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  /** Where the track is inside Klang: its artist's page. */
  artistId: z.string(),
  genre: z.string(),
});
export type TutorCatalogueTrack = z.infer<typeof tutorCatalogueTrackSchema>;

/** A topic of the tutor's notes, offered as a button that asks about it (issue 30). */
export const tutorTopicSchema = z.object({ id: z.string(), title: z.string() });
export type TutorTopic = z.infer<typeof tutorTopicSchema>;

/** Spec 002 §3 Tutor response, in the shape Klang's engine answers (content, audio, spotifyUrls). */
export const tutorResponseSchema = z.object({
  content: z.string(),
  /** Base64 MP3 of the reply read aloud; null when no speech engine could render it. */
  audio: z.string().nullable(),
  spotifyUrls: z.array(z.string()),
  klangTracks: z.array(tutorCatalogueTrackSchema),
  /**
   * When the tutor's notes hold nothing on the question: the topics nearest it, best first, for
   * the screen to offer as questions. Empty when it answered.
   */
  suggestedTopics: z.array(tutorTopicSchema),
});
export type TutorResponse = z.infer<typeof tutorResponseSchema>;

/**
 * Where the live voice agent page connects (spec 002 §2.5): a signed WebSocket URL to Klang's own
 * agent server or to an ElevenLabs agent; the SDK connects to either the same way.
 */
export const voiceAgentSessionSchema = z.object({
  kind: z.enum(['local', 'elevenlabs']),
  signedUrl: z.string(),
});
export type VoiceAgentSession = z.infer<typeof voiceAgentSessionSchema>;

/**
 * What the voice agent can hear, asked before a session opens: whether speech sent to it is
 * turned into text (a configured speech-to-text engine, or ElevenLabs' own agent). Without it the
 * page opens in typed mode and never says 'listening' unless the browser's recognition listens.
 */
export const voiceAgentHearingSchema = z.object({ speechToText: z.boolean() });
export type VoiceAgentHearing = z.infer<typeof voiceAgentHearingSchema>;

/** A track the tutor names from its notes: a real release, searched for on Spotify by its name. */
export const tutorReferenceSchema = z.object({ title: z.string(), artist: z.string(), url: z.string() });

/** The client tool the voice agent calls to show its recommendations; a page without it says so. */
export const VOICE_AGENT_RECOMMENDATIONS_TOOL = 'show_recommendations';

/**
 * The parameters of the voice agent's `show_recommendations` client tool: the question's topic,
 * Klang tracks the user already sees (liked, or revealed on a chart; never a masked one), and the
 * named references of the topic.
 */
export const voiceAgentRecommendationsSchema = z.object({
  topic: z.string(),
  tracks: z.array(tutorCatalogueTrackSchema),
  references: z.array(tutorReferenceSchema),
});
export type VoiceAgentRecommendations = z.infer<typeof voiceAgentRecommendationsSchema>;

/** Spec 002 §9: the SDK's two AudioWorklet scripts, served from Klang's own paths. */
export const VOICE_AGENT_WORKLET_PATHS = {
  rawAudioProcessor: '/worklets/rawAudioProcessor.js',
  audioConcatProcessor: '/worklets/audioConcatProcessor.js',
} as const;
/** The SDK's resampler, for browsers that cannot open audio at the agent's rate (Firefox). */
export const VOICE_AGENT_LIBSAMPLERATE_PATH = '/worklets/libsamplerate.worklet.js';

/** The local agent server's id (the path's `agent_id`): it serves one agent, Klang's tutor. */
export const LOCAL_AGENT_ID = 'klang-tutor';
