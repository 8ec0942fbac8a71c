import { MPEGDecoder } from 'mpg123-decoder';

/** Root mean square of samples in −1..1: 0 is silence, a full-scale sine is about 0.71. */
export function rms(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample ** 2;
  return samples.length === 0 ? 0 : Math.sqrt(sum / samples.length);
}

/** 16-bit little-endian PCM as samples in −1..1. */
export function pcm16Samples(pcm: Buffer): Float32Array {
  const samples = new Float32Array(Math.floor(pcm.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32768;
  return samples;
}

/** Quieter than this (about −40 dBFS) is heard as silence. */
export const SILENCE_RMS = 0.01;

export interface DecodedMp3 {
  seconds: number;
  sampleRate: number;
  level: number;
}

/**
 * Decodes MP3 bytes with mpg123 (WebAssembly, no Debian tool): every frame must decode, and the
 * answer says how long and how loud the sound is.
 */
export async function decodeMp3(bytes: Uint8Array): Promise<DecodedMp3> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const decoded = decoder.decode(bytes);
    if (decoded.errors.length > 0)
      throw new Error(`MP3 frames failed to decode: ${decoded.errors[0]?.message}`);
    const [left = new Float32Array()] = decoded.channelData;
    return {
      seconds: decoded.samplesDecoded / decoded.sampleRate,
      sampleRate: decoded.sampleRate,
      level: rms(left),
    };
  } finally {
    decoder.free();
  }
}

/**
 * A mono 16-bit WAV of a chord with a slow tremolo: music enough for the upload's loudness
 * analysis, made here so the tier needs no file or tool.
 */
export function chordWav(seconds: number, sampleRate = 44_100): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(frames * 2);
  for (let i = 0; i < frames; i++) {
    const t = i / sampleRate;
    const chord = [220, 277.18, 329.63].reduce((sum, f) => sum + Math.sin(2 * Math.PI * f * t), 0) / 3;
    const tremolo = 0.75 + 0.25 * Math.sin(2 * Math.PI * 2 * t);
    data.writeInt16LE(Math.round(chord * tremolo * 0.5 * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
