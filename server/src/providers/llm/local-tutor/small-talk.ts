/**
 * Greetings, thanks and goodbyes. Said to Abel in a voice session as often as any question, they
 * are not about a topic, and a retrieval engine meets them through a stray word ('hi' and the
 * hi-hats of drum programming) or declines them as if they were a question it cannot answer
 * (issue 20's review of the voice agent). A message made only of such words gets a short social
 * reply instead.
 */
const GREETING = ['hi', 'hello', 'hey', 'hiya', 'howdy', 'yo', 'morning', 'afternoon', 'evening'];
const THANKS = ['thanks', 'thank', 'thx', 'cheers', 'helpful', 'great', 'awesome', 'perfect', 'brilliant'];
const GOODBYE = ['bye', 'goodbye', 'later', 'ciao'];
/** Words that may accompany them without making the message a question about something. */
const FILLER = [
  'abel',
  'there',
  'good',
  'how',
  'are',
  'you',
  'doing',
  'so',
  'much',
  'a',
  'lot',
  'really',
  'very',
  'that',
  'was',
  'is',
  'this',
  'it',
  'nice',
  'cool',
  'ok',
  'okay',
  'for',
  'the',
  'help',
  'advice',
  'see',
  'ya',
  'man',
  'again',
];
const KNOWN = new Set([...GREETING, ...THANKS, ...GOODBYE, ...FILLER]);
/** Longer than this, a message is saying something more than hello or thanks. */
const MAX_WORDS = 8;

export const SMALL_TALK_REPLIES = {
  greeting:
    'Hi! I am Abel, your production tutor. Ask me about mixing, sound design, arrangement, mastering or a genre, or describe a problem in your track (for example "my drums sound weak").',
  thanks: 'You are welcome! Ask me anything else about your track whenever you like.',
  goodbye: 'Good luck with the track! Come back whenever you want a second pair of ears.',
} as const;

/** The social reply to a greeting, thanks or goodbye, or null when the message is anything else. */
export function smallTalk(message: string): string | null {
  const words: string[] = message.toLowerCase().match(/[a-z]+/g) ?? [];
  if (words.length === 0 || words.length > MAX_WORDS || !words.every((word) => KNOWN.has(word))) return null;
  const says = (list: string[]) => words.some((word) => list.includes(word));
  if (says(GOODBYE)) return SMALL_TALK_REPLIES.goodbye;
  if (says(THANKS)) return SMALL_TALK_REPLIES.thanks;
  if (says(GREETING) || words.includes('how')) return SMALL_TALK_REPLIES.greeting;
  return null;
}

/** A greeting or thanks opening a question ('Hi Abel, ...', 'Thanks! ...'), set apart by a name or punctuation. */
const OPENING =
  /^(?:\s*(?:hi|hello|hey|hiya|yo|thanks|thank you|cheers|ok|okay|good (?:morning|afternoon|evening))(?:\s+(?:abel|there))?\s*[,!.:;-]+)+\s*|^\s*(?:hi|hello|hey|hiya|yo)\s+abel\b[\s,!.:;-]*/i;

/** The question without the greeting or thanks it opens with: 'hi' must not read as the hi-hats. */
export function withoutOpening(message: string): string {
  const rest = message.replace(OPENING, '');
  return rest.trim() ? rest : message;
}
