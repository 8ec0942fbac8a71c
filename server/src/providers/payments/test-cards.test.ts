import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, checkCard } from './test-cards';

const now = new Date('2026-11-22T12:00:00Z');
const card = (number: string, expiry = '12/34', cvc = '123') => checkCard({ number, expiry, cvc }, now);

describe('local checkout cards', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['4000056655665556', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['6011111111111117', 'discover'],
  ])('accepts the test card %s', (number, brand) => {
    expect(card(number)).toEqual({
      ok: true,
      brand,
      last4: number.replace(/\s/g, '').slice(-4),
      chargesFail: false,
    });
  });

  it('saves 4000 0000 0000 0341 but marks every charge to it as failing, as Stripe does', () => {
    expect(card('4000 0000 0000 0341')).toEqual({
      ok: true,
      brand: 'visa',
      last4: '0341',
      chargesFail: true,
    });
  });

  it('accepts American Express with a four-digit code only', () => {
    expect(card('378282246310005', '12/34', '1234')).toMatchObject({ ok: true, brand: 'amex' });
    expect(card('378282246310005', '12/34', '123')).toEqual({ ok: false, message: CARD_MESSAGES.invalidCvc });
  });

  it.each([
    ['4000000000000002', CARD_MESSAGES.declined],
    ['4000000000009995', CARD_MESSAGES.insufficientFunds],
    ['4000000000009987', CARD_MESSAGES.declined],
    ['4000000000000069', CARD_MESSAGES.expired],
    ['4000000000000127', CARD_MESSAGES.incorrectCvc],
    ['4000000000000119', CARD_MESSAGES.processingError],
  ])('declines the test card %s', (number, message) => {
    expect(card(number)).toEqual({ ok: false, message });
  });

  it('refuses a malformed number, a bad or past expiry and a short code', () => {
    expect(card('4242424242424241')).toEqual({ ok: false, message: CARD_MESSAGES.invalidNumber });
    expect(card('4242')).toEqual({ ok: false, message: CARD_MESSAGES.invalidNumber });
    expect(card('4242424242424242', '13/30')).toEqual({ ok: false, message: CARD_MESSAGES.invalidExpiry });
    expect(card('4242424242424242', '10/26')).toEqual({ ok: false, message: CARD_MESSAGES.expired });
    expect(card('4242424242424242', '11/2026')).toMatchObject({ ok: true });
    expect(card('4242424242424242', '12/34', '12')).toEqual({ ok: false, message: CARD_MESSAGES.invalidCvc });
  });
});
