import { describe, expect, it } from 'vitest';
import { decodeToMono } from '../audio/ffmpeg';
import {
  correlation,
  durationSeconds,
  envelope,
  medianPitch,
  spectralCentroid,
} from '../../test/audio-analysis';
import { atempoChain, createEspeakTts } from './espeak-tts';
import { TtsUnavailableError, UnknownVoiceError, type SpeechRequest } from './tts';

const TEXT = 'The night is young, the bass is loud, and the chorus lifts the room.';

// Both engines must sound the same way: the binary (where Debian's package is installed) and the
// WebAssembly build every fresh `npm install` has, forced here even where the binary is present.
describe.each(['binary', 'wasm'] as const)('eSpeak NG text to speech (%s)', (engine) => {
  const tts = createEspeakTts({ binary: 'espeak-ng', engine });

  async function speak(change: Partial<SpeechRequest> = {}) {
    const { audio, contentType } = await tts.synthesize({
      text: TEXT,
      voiceId: 'local-ava',
      stability: 0.5,
      similarityBoost: 0.5,
      style: 0.5,
      speed: 1,
      ...change,
    });
    expect(contentType).toBe('audio/mpeg');
    return decodeToMono(audio);
  }

  it('names its engine for /api/health', () => {
    expect(tts.name).toBe(engine === 'binary' ? 'espeak-ng' : 'espeak-ng-wasm');
  });

  it('offers named local voices', async () => {
    const voices = await tts.listVoices();
    expect(voices.length).toBeGreaterThanOrEqual(6);
    expect(voices[0]).toEqual({ voice_id: 'local-ava', name: 'Ava', category: 'local' });
  });

  it('honours speed over the whole 0.1 to 4 range', async () => {
    const normal = durationSeconds(await speak());
    expect(normal).toBeGreaterThan(2);
    expect(durationSeconds(await speak({ speed: 2 })) / normal).toBeCloseTo(0.5, 1);
    expect(durationSeconds(await speak({ speed: 4 })) / normal).toBeCloseTo(0.25, 1);
    expect(durationSeconds(await speak({ speed: 0.25 })) / normal).toBeGreaterThan(3.5);
  });

  it('speaks higher with more style and brighter with more similarity', async () => {
    const flat = medianPitch(await speak({ style: 0 }));
    const lively = medianPitch(await speak({ style: 1 }));
    expect(flat).toBeGreaterThan(60);
    expect(lively).toBeGreaterThan(flat * 1.2);
    const distant = spectralCentroid(await speak({ similarityBoost: 0 }));
    const close = spectralCentroid(await speak({ similarityBoost: 1 }));
    expect(close).toBeGreaterThan(distant * 1.1);
  });

  it('sounds different at low stability (the pitch wavers)', async () => {
    const steady = await speak({ stability: 1 });
    const wavering = await speak({ stability: 0 });
    expect(durationSeconds(wavering)).toBeCloseTo(durationSeconds(steady), 1);
    let difference = 0;
    for (let i = 0; i < steady.samples.length; i++) {
      difference += Math.abs((steady.samples[i] ?? 0) - (wavering.samples[i] ?? 0));
    }
    expect(difference / steady.samples.length).toBeGreaterThan(0.01);
  });

  it('gives different voices different sounds', async () => {
    const ava = spectralCentroid(await speak({ voiceId: 'local-ava' }));
    const max = spectralCentroid(await speak({ voiceId: 'local-max' }));
    expect(Math.abs(ava - max)).toBeGreaterThan(100);
  });

  it('renders speech: audible, and a different text is a different sound', async () => {
    const first = await speak();
    const loudness = envelope(first, 1)[0] ?? 0;
    expect(loudness).toBeGreaterThan(0.02);
    const other = await speak({ text: 'Quiet rooms hold the loudest memories of summer.' });
    expect(Math.abs(durationSeconds(other) - durationSeconds(first))).toBeGreaterThan(0.3);
    expect(Math.abs(correlation(first, other))).toBeLessThan(0.2);
  });

  it('reads text that looks like options as text', async () => {
    const pcm = await speak({ text: '--help -v xx' });
    expect(durationSeconds(pcm)).toBeGreaterThan(0.5);
  });

  it('refuses an unknown voice', async () => {
    await expect(speak({ voiceId: 'en-us' })).rejects.toBeInstanceOf(UnknownVoiceError);
  });
});

describe('choosing the eSpeak NG engine', () => {
  it('falls back to the WebAssembly build when the binary is absent', async () => {
    const fallback = createEspeakTts({ binary: '/nonexistent/espeak-ng' });
    expect(fallback.name).toBe('espeak-ng-wasm');
    const { audio } = await fallback.synthesize({
      text: 'A fresh machine still speaks.',
      voiceId: 'local-ava',
      stability: 0.5,
      similarityBoost: 0.5,
      style: 0.5,
      speed: 1,
    });
    expect(durationSeconds(await decodeToMono(audio))).toBeGreaterThan(1);
  });

  it('says so when the binary is required and not installed', async () => {
    const missing = createEspeakTts({ binary: '/nonexistent/espeak-ng', engine: 'binary' });
    expect(missing.name).toBe('espeak-ng (not installed)');
    await expect(
      missing.synthesize({
        text: 'hi',
        voiceId: 'local-ava',
        stability: 0.5,
        similarityBoost: 0.5,
        style: 0.5,
        speed: 1,
      }),
    ).rejects.toBeInstanceOf(TtsUnavailableError);
  });

  it('chains atempo stages within ffmpeg limits', () => {
    expect(atempoChain(1)).toEqual([]);
    expect(atempoChain(3)).toEqual(['atempo=2', 'atempo=1.5000']);
    expect(atempoChain(0.2)).toEqual(['atempo=0.5', 'atempo=0.5', 'atempo=0.8000']);
  });
});
