import { describe, expect, it } from 'vitest';
// The shared form rules of @klang/domain, as the server and the web app both apply them.
import {
  FORM_MESSAGES,
  INTEREST_MESSAGES,
  interestRegistrationError,
  normaliseSubscriber,
  validateContactForm,
  validateInterestForm,
} from '@klang/domain';

describe('validateContactForm', () => {
  const full = { name: 'Ada', email: 'ada@example.com', body: 'Hi', captcha: 'token' };
  it('reports the rules in the order of spec 000 §5', () => {
    expect(validateContactForm({}, 'contact')?.message).toBe(FORM_MESSAGES.nameRequired);
    expect(validateContactForm({ name: 'Ada' }, 'contact')?.message).toBe(FORM_MESSAGES.emailRequired);
    expect(validateContactForm({ name: 'Ada', email: 'ada@' }, 'contact')?.message).toBe(
      FORM_MESSAGES.emailInvalid,
    );
    expect(validateContactForm({ ...full, body: ' ' }, 'contact')?.message).toBe(
      FORM_MESSAGES.messageRequired,
    );
    expect(validateContactForm({ ...full, body: '' }, 'bug')?.message).toBe(
      FORM_MESSAGES.bugDescriptionRequired,
    );
    expect(validateContactForm({ ...full, captcha: undefined }, 'contact')?.message).toBe(
      FORM_MESSAGES.captchaRequired,
    );
    expect(validateContactForm(full, 'contact')).toBeNull();
  });
});

describe('interest form', () => {
  const listener = { role: 'listener', name: 'Lee', email: ' Lee@Example.com ', ios_beta_interest: 'no' };
  it('asks artists for an artist name and a genre from the interest list', () => {
    const artist = { ...listener, role: 'artist' };
    expect(validateInterestForm(artist)?.message).toBe(INTEREST_MESSAGES.artistNameRequired);
    expect(validateInterestForm({ ...artist, artist_name: 'X', genre: 'EDM' })?.message).toBe(
      INTEREST_MESSAGES.genreRequired,
    );
    expect(validateInterestForm({ ...artist, artist_name: 'X', genre: 'Garage' })).toBeNull();
  });
  it('requires the iOS beta choice', () => {
    expect(validateInterestForm({ ...listener, ios_beta_interest: null })?.message).toBe(
      INTEREST_MESSAGES.iosBetaRequired,
    );
  });
  it('stores the email trimmed and lower-cased, and artist fields only for artists', () => {
    expect(normaliseSubscriber({ ...listener, artist_name: 'X', genre: 'Garage', username: ' ' })).toEqual({
      role: 'listener',
      name: 'Lee',
      artist_name: null,
      email: 'lee@example.com',
      username: null,
      marketing_opt_in: false,
      genre: null,
      ios_beta_interest: 'no',
    });
  });
  it('words other registration errors as the spec does', () => {
    expect(interestRegistrationError(undefined)).toBe(
      'An error occurred while registering your interest: Unknown error',
    );
  });
});
