import { LIMITS, TRACK_MESSAGES as M } from '@klang/domain';
import { describe, expect, it } from 'vitest';
import { checkAudioFile, checkCoverFile, featureFailureMessage, uploadingPercent } from './upload-rules';

function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('upload rules', () => {
  it('accepts audio by type or extension and exactly 75 MB, refusing one byte more', () => {
    expect(checkAudioFile(fileOf('a.mp3', '', 10))).toBeNull();
    expect(checkAudioFile(fileOf('a.bin', 'audio/wav', 10))).toBeNull();
    expect(checkAudioFile(fileOf('a.flac', 'audio/flac', 10))).toBe(M.audioInvalid);
    expect(checkAudioFile(fileOf('a.mp3', 'audio/mpeg', LIMITS.audioMaxBytes))).toBeNull();
    expect(checkAudioFile(fileOf('a.mp3', 'audio/mpeg', LIMITS.audioMaxBytes + 1))).toBe(M.audioTooLarge);
  });

  it('takes JPEG or PNG covers up to 5 MB', () => {
    expect(checkCoverFile(fileOf('c.png', 'image/png', 10))).toBeNull();
    expect(checkCoverFile(fileOf('c.gif', 'image/gif', 10))).toBe(M.imageInvalid);
    expect(checkCoverFile(fileOf('c.jpg', 'image/jpeg', LIMITS.imageMaxBytes + 1))).toBe(M.imageTooLarge);
  });

  it('maps upload progress to 10..40 % and feature failures to the spec texts', () => {
    expect([uploadingPercent(0), uploadingPercent(0.5), uploadingPercent(1)]).toEqual([10, 25, 40]);
    expect(featureFailureMessage(true, 'invalid input syntax 22P02')).toBe(M.databaseConstraint);
    expect(featureFailureMessage(true, 'subscription tier check')).toBe(M.subscriptionStatus);
    expect(featureFailureMessage(false, 'Boom')).toBe(`${M.unfeatureFailed} Boom`);
  });
});
