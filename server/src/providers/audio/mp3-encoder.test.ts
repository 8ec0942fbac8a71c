import { describe, expect, it } from 'vitest';
import { decodedPeak, decodeToMono, transcodeToMp3 } from './ffmpeg';
import {
  defaultMp3Encoder,
  encodeFloatMp3,
  encodePcm16ToMp3,
  floatToPcm16,
  type Mp3EncoderName,
} from './mp3-encoder';
import { ProcessError } from './process';

const SAMPLE_RATE = 44_100;

function tone(seconds: number, frequency: number, sampleRate = SAMPLE_RATE): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++)
    samples[i] = 0.5 * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return samples;
}

function isFrameSync(bytes: Buffer, offset: number): boolean {
  return bytes[offset] === 0xff && ((bytes[offset + 1] ?? 0) & 0xe0) === 0xe0;
}

/**
 * The pitch of a tone in Hz: rising passes through ±0.1 (a Schmitt trigger, so the coder's noise
 * around zero is not counted), over the middle half, away from the encoder's padding.
 */
function pitchOf(samples: Float32Array, sampleRate: number): number {
  const from = Math.floor(samples.length / 4);
  const to = Math.floor((samples.length * 3) / 4);
  let cycles = 0;
  let high = (samples[from] ?? 0) > 0;
  for (let i = from; i < to; i++) {
    const sample = samples[i] ?? 0;
    if (!high && sample > 0.1) {
      high = true;
      cycles++;
    } else if (high && sample < -0.1) high = false;
  }
  return cycles / ((to - from) / sampleRate);
}

// CI installs Debian's lame (.ci/run); elsewhere only the bundled ffmpeg may be there.
const encoders: Mp3EncoderName[] = defaultMp3Encoder() === 'lame' ? ['lame', 'ffmpeg'] : ['ffmpeg'];

describe.each(encoders)('the %s MP3 encoder', (encoder) => {
  it('writes a bare MP3: frame sync first, no ID3 tag or info frame, the same length and pitch', async () => {
    const left = tone(4, 440);
    const mp3 = await encodeFloatMp3([left, left], SAMPLE_RATE, { bitrateKbps: 128, encoder });
    expect(isFrameSync(mp3, 0)).toBe(true);
    expect(mp3.subarray(mp3.length - 128, mp3.length - 125).toString('latin1')).not.toBe('TAG');
    expect(mp3.subarray(0, 3).toString('latin1')).not.toBe('ID3');
    // No Xing/Info header frame and no muxer name: the file is audio frames and nothing else.
    for (const name of ['Lavf', 'Xing', 'Info']) expect(mp3.includes(name)).toBe(false);
    // 128 kbit/s for 4 s is 64 kB, give or take the padding frames.
    expect(mp3.length).toBeGreaterThan(60_000);
    expect(mp3.length).toBeLessThan(70_000);
    const decoded = await decodeToMono(mp3);
    expect(Math.abs(decoded.samples.length / SAMPLE_RATE - 4)).toBeLessThan(0.06);
    expect(pitchOf(decoded.samples, SAMPLE_RATE)).toBeCloseTo(440, -1);
  });

  it('encodes mono at the rate given, and streams a file through a filter chain', async () => {
    const mono = await encodeFloatMp3([tone(2, 220, 22_050)], 22_050, { bitrateKbps: 64, encoder });
    const decoded = await decodeToMono(mono, 22_050);
    expect(pitchOf(decoded.samples, 22_050)).toBeCloseTo(220, -1);

    const louder = await transcodeToMp3(
      mono,
      { sampleRate: SAMPLE_RATE, channels: 1 },
      { bitrateKbps: 128, encoder, filters: ['volume=6dB'] },
    );
    const peakOf = (samples: Float32Array) => samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    const ratio = peakOf((await decodeToMono(louder)).samples) / peakOf(decoded.samples);
    expect(ratio).toBeGreaterThan(1.8);
    expect(ratio).toBeLessThan(2.2);
  });

  it('rejects with the process error instead of hanging when it cannot write', async () => {
    const pcm = floatToPcm16([tone(0.1, 440)]);
    const outputFile = '/nonexistent-klang-dir/out.mp3';
    const format = { sampleRate: SAMPLE_RATE, channels: 1 } as const;
    await expect(encodePcm16ToMp3(pcm, format, { bitrateKbps: 128, encoder, outputFile })).rejects.toThrow(
      ProcessError,
    );
  });
});

describe('floatToPcm16', () => {
  it('interleaves the channels and clips what is past full scale', () => {
    const pcm = floatToPcm16([new Float32Array([0.25, 2]), new Float32Array([-0.25, -2])]);
    expect([...new Int16Array(pcm.buffer, pcm.byteOffset, 4)]).toEqual([8192, -8192, 32767, -32767]);
  });
});

describe('decodedPeak', () => {
  it('reads the loudest channel, which a mono downmix would halve', async () => {
    const silent = new Float32Array(SAMPLE_RATE);
    const mp3 = await encodeFloatMp3([silent, tone(1, 440)], SAMPLE_RATE, { bitrateKbps: 128 });
    expect(await decodedPeak(mp3)).toBeCloseTo(0.5, 1);
    const mono = (await decodeToMono(mp3)).samples.reduce((max, x) => Math.max(max, Math.abs(x)), 0);
    expect(mono).toBeLessThan(0.4);
  });
});

describe('transcodeToMp3', () => {
  it('rejects bytes that are not audio with ffmpeg’s reason', async () => {
    await expect(
      transcodeToMp3(
        Buffer.from('not audio at all'),
        { sampleRate: SAMPLE_RATE, channels: 1 },
        { bitrateKbps: 128 },
      ),
    ).rejects.toThrow(/ffmpeg/);
  });
});
