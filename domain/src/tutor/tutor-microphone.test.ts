import { describe, expect, it } from 'vitest';
import { microphoneErrorMessage, SPEECH_ERROR_MESSAGES, TUTOR_MESSAGES } from './tutor.schema';

function domError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('microphoneErrorMessage', () => {
  it.each([
    [domError('NotFoundError', 'Requested device not found'), SPEECH_ERROR_MESSAGES['audio-capture']],
    [domError('OverconstrainedError', ''), SPEECH_ERROR_MESSAGES['audio-capture']],
    [domError('NotReadableError', 'Could not start audio source'), SPEECH_ERROR_MESSAGES['audio-capture']],
    ['Requested device not found', SPEECH_ERROR_MESSAGES['audio-capture']],
    [domError('NotAllowedError', 'Permission denied'), SPEECH_ERROR_MESSAGES['not-allowed']],
    [domError('SecurityError', 'insecure context'), SPEECH_ERROR_MESSAGES['not-allowed']],
    [
      new TypeError("Cannot read properties of undefined (reading 'getUserMedia')"),
      TUTOR_MESSAGES.couldNotAccessMicrophone,
    ],
    [{ name: 'NotFoundError' }, SPEECH_ERROR_MESSAGES['audio-capture']],
    [undefined, TUTOR_MESSAGES.couldNotAccessMicrophone],
  ])('turns %s into the spec’s words', (error, expected) => {
    expect(microphoneErrorMessage(error)).toBe(expected);
  });

  it('says the spec’s sentence for a machine with no microphone', () => {
    expect(microphoneErrorMessage(domError('NotFoundError', 'Requested device not found'))).toBe(
      'Microphone not available. Please check your microphone connection.',
    );
  });
});
