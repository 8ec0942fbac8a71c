import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createLimiter } from '../../lib/limiter';
import { RUNS_COMPILED, SERVER_DIST_DIR, SERVER_SOURCE_DIR } from '../../lib/package-paths';
import { transcodeToMp3 } from '../audio/ffmpeg';
import { pipeProcess } from '../audio/process';
import { ESPEAK_RATE, ESPEAK_VOICES, type EspeakVoice } from './espeak-voices';
import { TtsUnavailableError, UnknownVoiceError, type SpeechRequest, type TtsProvider } from './tts';

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** ffmpeg's atempo takes 0.5..2 per stage: a speed outside that is a chain of stages. */
export function atempoChain(factor: number): string[] {
  const stages: string[] = [];
  let rest = factor;
  while (rest > 2) {
    stages.push('atempo=2');
    rest /= 2;
  }
  while (rest < 0.5) {
    stages.push('atempo=0.5');
    rest /= 0.5;
  }
  if (Math.abs(rest - 1) > 1e-3) stages.push(`atempo=${rest.toFixed(4)}`);
  return stages;
}

/**
 * How the sliders are heard (spec 002 §5): speed sets eSpeak's pace and, past its limits,
 * ffmpeg's tempo; style moves the pitch (flat and low at 0, lively and high at 1); stability
 * holds the pitch steady (at 0 it wavers, a slow vibrato); similarity brings the voice forward
 * (a presence boost around 3 kHz).
 */
export function planSpeech(voice: EspeakVoice, request: SpeechRequest) {
  const wanted = voice.wordsPerMinute * request.speed;
  const rate = Math.round(clamp(wanted, ESPEAK_RATE.min, ESPEAK_RATE.max));
  const pitch = Math.round(clamp(voice.pitch + (request.style - 0.5) * 50, 0, 99));
  const filters = [...atempoChain(wanted / rate)];
  const waver = 1 - request.stability;
  if (waver > 0.05) filters.push(`vibrato=f=5:d=${(waver * 0.5).toFixed(3)}`);
  const presence = (request.similarityBoost - 0.5) * 12;
  if (Math.abs(presence) > 0.5) filters.push(`equalizer=f=3000:t=q:w=1:g=${presence.toFixed(1)}`);
  return { args: ['-v', voice.voice, '-s', String(rate), '-p', String(pitch)], filters };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function runEspeak(binary: string, args: string[], text: string, signal?: AbortSignal): Promise<void> {
  // The text goes through stdin, never the command line: nothing in it is read as an option.
  const run = pipeProcess(binary, args, { input: Buffer.from(text), ...(signal && { signal }) });
  run.stdout.resume();
  let message: string;
  try {
    message = (await run.exited).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new TtsUnavailableError(`${binary} is not installed`);
    throw error;
  }
  // eSpeak NG exits 0 even for some failures; a message on stderr is one.
  if (message) throw new Error(`espeak-ng failed: ${message}`);
}

/** Whether the binary runs at all; checked once at start so /api/health says so. */
function isInstalled(binary: string): boolean {
  const result = spawnSync(binary, ['--version'], { stdio: 'ignore', timeout: 5000 });
  return result.status === 0;
}

/**
 * The WebAssembly build as a command line that takes the binary's arguments (decision 0150): an
 * entry point of its own in the compiled server (decision 0241), the source file otherwise.
 */
const WASM_CLI = RUNS_COMPILED
  ? path.join(SERVER_DIST_DIR, 'espeak-wasm-cli.js')
  : path.join(SERVER_SOURCE_DIR, 'providers/tts/espeak-wasm-cli.mjs');

/**
 * Which eSpeak NG runs: `binary` (Debian's `espeak-ng`, about three times faster), `wasm` (the
 * npm package's WebAssembly build, always there after `npm install`), or `auto`: the binary when
 * it runs, else the WebAssembly build.
 */
export type EspeakEngine = 'auto' | 'binary' | 'wasm';

/** The command to run and the name /api/health shows for it. */
export function chooseEspeak(binary: string, engine: EspeakEngine) {
  const installed = engine !== 'wasm' && isInstalled(binary);
  if (installed || engine === 'binary')
    return {
      name: installed ? 'espeak-ng' : 'espeak-ng (not installed)',
      command: binary,
      prefix: [] as string[],
    };
  return { name: 'espeak-ng-wasm', command: process.execPath, prefix: [WASM_CLI] };
}

/**
 * The offline text-to-speech engine: eSpeak NG (the Debian binary, or its WebAssembly build from
 * npm when the binary is absent), MP3 through ffmpeg.
 */
export function createEspeakTts(options: {
  binary: string;
  /** Default `auto`: the binary when installed, else the WebAssembly build. */
  engine?: EspeakEngine;
  /** Voices rendered at once (eSpeak, then the MP3 encoder); the rest wait. Default: one per core. */
  concurrency?: number;
}): TtsProvider {
  const espeak = chooseEspeak(options.binary, options.engine ?? 'auto');
  // Shared by every caller (the Kit's VocalLab, the tutor's replies, the voice agent), so a busy
  // tutor cannot starve the machine of cores.
  const limit = createLimiter(options.concurrency ?? availableParallelism());
  return {
    name: espeak.name,
    listVoices: () =>
      Promise.resolve(
        ESPEAK_VOICES.map((voice) => ({ voice_id: voice.id, name: voice.name, category: 'local' })),
      ),
    synthesize: (request, signal) => limit(() => speak(request, signal)),
  };

  async function speak(request: SpeechRequest, signal?: AbortSignal) {
    const voice = ESPEAK_VOICES.find((v) => v.id === request.voiceId);
    if (!voice) throw new UnknownVoiceError(request.voiceId);
    const plan = planSpeech(voice, request);
    // WARNING: with --stdout eSpeak writes placeholder RIFF sizes; a file gets exact headers.
    const dir = await mkdtemp(path.join(tmpdir(), 'klang-tts-'));
    try {
      const wav = path.join(dir, 'speech.wav');
      // Monotone: SSML's prosody range 0 holds eSpeak on its base pitch (the text is escaped).
      const text = request.monotone
        ? `<speak><prosody range="0%">${escapeXml(request.text)}</prosody></speak>`
        : request.text;
      await runEspeak(
        espeak.command,
        [...espeak.prefix, ...plan.args, ...(request.monotone ? ['-m'] : []), '-w', wav, '--stdin'],
        text,
        signal,
      );
      const audio = await transcodeToMp3(
        wav,
        { sampleRate: 44_100, channels: 1 },
        { bitrateKbps: 128, filters: plan.filters },
      );
      return { audio, contentType: 'audio/mpeg' as const };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
