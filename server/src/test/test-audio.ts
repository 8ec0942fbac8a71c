import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { wavHeader as wavFileHeader } from '../providers/audio/wav';

/** A 16-bit stereo PCM WAV of a sine tone, built in memory (tests and benchmarks). */
export function makeWav(seconds: number, frequency = 440, sampleRate = 44_100): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const sample = Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0.3 * 32767);
    data.writeInt16LE(sample, i * 4);
    data.writeInt16LE(sample, i * 4 + 2);
  }
  return Buffer.concat([wavHeader(data.length, sampleRate), data]);
}

/** A WAV header for `dataBytes` of 16-bit stereo PCM. */
export function wavHeader(dataBytes: number, sampleRate = 44_100): Buffer {
  return wavFileHeader(dataBytes, { sampleRate, channels: 2 });
}

/** Encodes a sine tone (`source`, a lavfi `sine=` description) with the bundled ffmpeg's `encode` arguments. */
function encodeSine(source: string, encode: string[]): Buffer {
  const result = spawnSync(
    ffmpeg.path,
    ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', source, ...encode, '-f', 'mp3', 'pipe:1'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`ffmpeg: ${result.stderr.toString()}`);
  return result.stdout;
}

/** An MP3 that carries ID3 tags naming its title and artist, as a real release would. */
export function makeTaggedMp3(seconds: number, tags: { title: string; artist: string }): Buffer {
  return encodeSine(`sine=frequency=330:duration=${seconds}`, [
    ...['-metadata', `title=${tags.title}`, '-metadata', `artist=${tags.artist}`, '-id3v2_version', '3'],
    ...['-c:a', 'libmp3lame', '-b:a', '128k'],
  ]);
}

/**
 * An MP3 as the transcode writes a rendition (192 kbit/s constant, 44.1 kHz stereo, bare frames:
 * no ID3 tag, no Xing frame) of a tone whose level `gain(t)` sets: a lavfi expression of `t`.
 */
export function makeRenditionMp3(seconds: number, gain = '0.3'): Buffer {
  // A comma inside the expression would end the filter: it is escaped.
  const level = gain.replaceAll(',', '\\,');
  return encodeSine(`aevalsrc=(${level})*sin(2*PI*220*t):s=44100:d=${String(seconds)}`, [
    ...['-ac', '2', '-c:a', 'libmp3lame', '-b:a', '192k', '-write_xing', '0', '-id3v2_version', '0'],
  ]);
}

/**
 * A long MP3 made cheaply: ten seconds of an 8 kbit/s, 8 kHz mono tone, encoded once, repeated
 * (whole streams concatenate into a valid MP3). No Xing frame, so its length is only estimated
 * from its size and the decode has to find it: 21 minutes is 1.3 MB.
 */
export function makeLongMp3(seconds: number): Buffer {
  const tenSeconds = encodeSine('sine=frequency=330:duration=10:sample_rate=8000', [
    ...['-ac', '1', '-c:a', 'libmp3lame', '-b:a', '8k', '-write_xing', '0', '-id3v2_version', '0'],
  ]);
  return Buffer.concat(Array.from({ length: Math.ceil(seconds / 10) }, () => tenSeconds));
}

/** An honest WAV of 8-bit 8 kHz mono silence: 21 minutes is 10 MB and its header says so. */
export function makeSilentWav(seconds: number): Buffer {
  const data = Buffer.alloc(seconds * 8000, 0x80);
  const header = wavFileHeader(data.length, { sampleRate: 8000, channels: 1 });
  header.writeUInt32LE(8000, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  return Buffer.concat([header, data]);
}
