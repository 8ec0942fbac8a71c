import { describe, expect, it } from 'vitest';
import { decodeToMono } from '../audio/ffmpeg';
import { durationSeconds, medianPitch, spectralCentroid } from '../../test/audio-analysis';
import { atempoChain, createEspeakTts } from './espeak-tts';
import { TtsUnavailableError, UnknownVoiceError, type SpeechRequest } from './tts';

const tts = createEspeakTts({ binary: 'espeak-ng' });
const TEXT = 'The night is young, the bass is loud, and the chorus lifts the room.';

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

describe('eSpeak NG text to speech', () => {
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

  it('reads text that looks like options as text', async () => {
    const pcm = await speak({ text: '--help -v xx' });
    expect(durationSeconds(pcm)).toBeGreaterThan(0.5);
  });

  it('refuses an unknown voice', async () => {
    await expect(speak({ voiceId: 'en-us' })).rejects.toBeInstanceOf(UnknownVoiceError);
  });

  it('says so when eSpeak NG is not installed', async () => {
    const missing = createEspeakTts({ binary: '/nonexistent/espeak-ng' });
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
