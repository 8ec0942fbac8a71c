/**
 * What the local tutor knows it does not cover. Artists ask a music tutor about the business
 * around their music as often as about production, and a retrieval engine meets those questions
 * through a stray shared word ('deal' and a release plan, 'copyright my beat' and drum
 * programming). Each subject here is a boundary of the knowledge base, written down: a question
 * that names one is declined with a pointer to who can answer it, and the nearest production
 * topics (issue 20).
 *
 * `words` are matched as the retrieval's stems (`tokenize`, so 'royalties' meets 'royalty'),
 * `phrases` as whole lower-case words.
 */
export interface OutOfScope {
  id: string;
  /** Named in the decline: '<subject> are outside what I know'. */
  subject: string;
  /** Who can answer instead, one sentence. */
  referral: string;
  words: string[];
  phrases: string[];
  /** Topic ids offered first (the rest are the retrieval's nearest). */
  nearest: string[];
}

export const OUT_OF_SCOPE: readonly OutOfScope[] = [
  {
    id: 'business-legal',
    subject: 'Contracts, deals, royalties and other legal or money matters',
    referral:
      'a music lawyer, your collecting society or a musicians’ union can advise you on your own situation.',
    words: [
      'contract',
      'lawyer',
      'legal',
      'legally',
      'royalties',
      'publishing',
      'copyright',
      'taxes',
      'income',
      'invest',
      'savings',
      'manager',
      'agent',
      'funding',
      'grant',
      'licensing',
      'lawsuit',
    ],
    phrases: [
      '360',
      'record deal',
      'label deal',
      'sign a deal',
      'collecting society',
      'how much should i charge',
    ],
    nearest: ['release-promotion', 'sampling', 'workflow'],
  },
  {
    id: 'gear-buying',
    subject: 'Which gear to buy',
    referral: 'that depends on your budget and prices that change every month, which my notes do not follow.',
    words: ['laptop', 'interface', 'budget', 'cheapest', 'price', 'afford'],
    phrases: ['should i buy', 'best value', 'worth buying'],
    nearest: ['monitoring', 'synthesis-basics', 'workflow'],
  },
];
