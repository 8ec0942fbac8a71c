import { Transform, type TransformCallback } from 'node:stream';
import { LIMITS, TRACK_MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import { SNIFF_BYTES, sniffUploadFormat } from '../../providers/audio/upload-decoder';

/**
 * Passes an upload through while counting it: fails with the spec's message at byte
 * `maxBytes + 1` (exactly the limit is accepted) and on a head that is not MP3, WAV or MP4/M4A
 * (performance-and-security.md B2: magic bytes, not the name or the declared type). The job's
 * sandboxed decode, with the demuxer this sniff names, is the real check; this one refuses a
 * renamed document before it is stored. The error ends the pipeline, so the request is not read
 * any further and storage drops the partial file.
 */
export function createAudioIngestGuard(maxBytes: number = LIMITS.audioMaxBytes): Transform {
  let received = 0;
  let head = Buffer.alloc(0);
  let isChecked = false;
  const check = (): AppError | undefined => {
    isChecked = true;
    return sniffUploadFormat(head)
      ? undefined
      : new AppError('UNSUPPORTED_MEDIA_TYPE', TRACK_MESSAGES.audioInvalid);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      received += chunk.length;
      if (received > maxBytes) {
        callback(new AppError('PAYLOAD_TOO_LARGE', TRACK_MESSAGES.audioTooLarge));
        return;
      }
      if (!isChecked) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES) {
          const error = check();
          if (error) {
            callback(error);
            return;
          }
        }
      }
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      if (received === 0) {
        callback(new AppError('VALIDATION_FAILED', TRACK_MESSAGES.audioRequired));
        return;
      }
      callback(isChecked ? null : check());
    },
  });
}
