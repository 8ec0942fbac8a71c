/**
 * The card check of the local checkout page. It answers as Stripe's test mode does for its
 * published test numbers: the usual ones are accepted, the usual declining ones are declined with
 * Stripe's own texts, and anything that is not a well-formed card is refused before that.
 */
export interface CardInput {
  number: string;
  /** MM/YY as typed, or MM/YYYY. */
  expiry: string;
  cvc: string;
}

export type CardOutcome =
  | {
      ok: true;
      brand: string;
      last4: string;
      /** Stripe's 4000 0000 0000 0341: it is saved with the customer, but every charge to it fails. */
      chargesFail: boolean;
    }
  | { ok: false; message: string };

const CHARGES_FAIL = new Set(['4000000000000341']);

export const CARD_MESSAGES = {
  invalidNumber: 'Your card number is invalid.',
  invalidExpiry: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
} as const;

/** Stripe's declining test numbers and what each one says. */
const DECLINES: Record<string, string> = {
  '4000000000000002': CARD_MESSAGES.declined,
  '4000000000009995': CARD_MESSAGES.insufficientFunds,
  '4000000000009987': CARD_MESSAGES.declined,
  '4000000000009979': CARD_MESSAGES.declined,
  '4100000000000019': CARD_MESSAGES.declined,
  '4000000000000069': CARD_MESSAGES.expired,
  '4000000000000127': CARD_MESSAGES.incorrectCvc,
  '4000000000000119': CARD_MESSAGES.processingError,
};

export function checkCard(input: CardInput, now = new Date()): CardOutcome {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number))
    return { ok: false, message: CARD_MESSAGES.invalidNumber };
  const brand = brandOf(number);

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const month = Number(expiry?.[1]);
  const year = expiry?.[2]?.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return { ok: false, message: CARD_MESSAGES.invalidExpiry };
  // A card is good through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) return { ok: false, message: CARD_MESSAGES.expired };

  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${String(cvcLength)}}$`).test(input.cvc.trim())) {
    return { ok: false, message: CARD_MESSAGES.invalidCvc };
  }

  const decline = DECLINES[number];
  if (decline) return { ok: false, message: decline };
  return { ok: true, brand, last4: number.slice(-4), chargesFail: CHARGES_FAIL.has(number) };
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(number: string): string {
  if (/^3[47]/.test(number)) return 'amex';
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'card';
}
