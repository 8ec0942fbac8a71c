import { KIT_MESSAGES, VOCALLAB, type Voice } from '@klang/domain';
import { useEffect, useRef, useState } from 'react';
import { useVoicesQuery } from '../api/kit-queries';
import { generateVocals } from '../api/vocallab-api';
import { mp3FileName } from './file-name';

const DEFAULTS = {
  speed: VOCALLAB.speed.default,
  stability: VOCALLAB.stability.default,
  similarity: VOCALLAB.similarity.default,
  style: VOCALLAB.style.default,
  volume: VOCALLAB.volume.default,
};
export type VocalSettings = typeof DEFAULTS;

export type VocalMode = 'speak' | 'sing';
export interface SongSettings {
  key: (typeof VOCALLAB.keys)[number];
  scale: (typeof VOCALLAB.scales)[number];
  bpm: number;
}
const SONG_DEFAULTS: SongSettings = { key: 'C', scale: 'major', bpm: VOCALLAB.bpm.default };

/** Bars of the waveform drawn under the player. */
const WAVEFORM_BARS = 120;

/** The loudest sample of each of `bars` equal stretches of the vocal: its waveform, 0..1. */
async function waveformOf(blob: Blob, bars: number): Promise<{ peaks: number[]; seconds: number }> {
  const context = new AudioContext();
  try {
    const buffer = await context.decodeAudioData(await blob.arrayBuffer());
    const data = buffer.getChannelData(0);
    const size = Math.max(1, Math.floor(data.length / bars));
    const peaks = Array.from({ length: bars }, (_, bar) => {
      let peak = 0;
      for (let i = bar * size; i < Math.min(data.length, (bar + 1) * size); i++)
        peak = Math.max(peak, Math.abs(data[i] ?? 0));
      return peak;
    });
    const loudest = Math.max(0.0001, ...peaks);
    return { peaks: peaks.map((peak) => peak / loudest), seconds: buffer.duration };
  } finally {
    void context.close();
  }
}

const NO_VOICES: readonly Voice[] = [];

/** VocalLab's states (spec 002 §4): idle, generating, a vocal ready to play and save. */
export function useVocalLab() {
  const voicesQuery = useVoicesQuery();
  const voices = voicesQuery.data ?? NO_VOICES;
  // Until the artist picks one, the first voice is the one used.
  const [pickedVoiceId, setVoiceId] = useState<string | null>(null);
  const voiceId = pickedVoiceId ?? voices[0]?.voice_id ?? '';
  const [settings, setSettings] = useState<VocalSettings>(DEFAULTS);
  const [mode, setMode] = useState<VocalMode>('speak');
  const [song, setSong] = useState<SongSettings>(SONG_DEFAULTS);
  const [waveform, setWaveform] = useState<number[]>([]);
  const [duration, setDuration] = useState(0);
  const [position, setPosition] = useState(0);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const savedFileName = mp3FileName(fileName);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const [isGenerating, setIsGenerating] = useState(false);
  const [isPlaying, setIsPlaying] = useState(false);
  const [actionError, setError] = useState<string | null>(null);
  const error = actionError ?? (voicesQuery.isError ? KIT_MESSAGES.failedToLoadVoices : null);
  const audio = useRef<HTMLAudioElement | null>(null);

  // One element per vocal; its own events drive the play/pause toggle (spec 002 §4).
  useEffect(() => {
    if (!audioUrl) return undefined;
    const element = new Audio(audioUrl);
    element.volume = settings.volume;
    const onPlay = () => {
      setIsPlaying(true);
    };
    const onStop = () => {
      setIsPlaying(false);
    };
    const onTime = () => {
      setPosition(element.currentTime);
    };
    const onDuration = () => {
      if (Number.isFinite(element.duration)) setDuration(element.duration);
    };
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onStop);
    element.addEventListener('ended', onStop);
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('loadedmetadata', onDuration);
    audio.current = element;
    return () => {
      element.pause();
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onStop);
      element.removeEventListener('ended', onStop);
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('loadedmetadata', onDuration);
      audio.current = null;
      URL.revokeObjectURL(audioUrl);
    };
    // The volume is applied by its own effect; a new element only for a new vocal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [audioUrl]);

  useEffect(() => {
    if (audio.current) audio.current.volume = settings.volume;
  }, [settings.volume]);

  return {
    voices,
    voiceId,
    settings,
    mode,
    song,
    waveform,
    duration,
    position,
    setMode,
    setSong(change: Partial<SongSettings>) {
      setSong((current) => ({ ...current, ...change }));
    },
    /** Moves playback to `seconds` (the scrubber). */
    seek(seconds: number) {
      const element = audio.current;
      if (!element) return;
      element.currentTime = seconds;
      setPosition(seconds);
    },
    text,
    fileName,
    /** The name the vocal is saved under, or null while no name is typed. */
    savedFileName,
    audioUrl,
    isGenerating,
    isPlaying,
    error,
    setVoiceId,
    setText,
    setFileName,
    setSetting(key: keyof VocalSettings, value: number) {
      setSettings((current) => ({ ...current, [key]: value }));
    },

    async generate() {
      if (!text.trim()) {
        setError(KIT_MESSAGES.enterPrompt);
        return;
      }
      if (!voiceId) {
        setError(KIT_MESSAGES.selectVoice);
        return;
      }
      setError(null);
      setIsGenerating(true);
      try {
        const blob = await generateVocals({
          prompt: text,
          voice_id: voiceId,
          voice_settings: {
            stability: settings.stability,
            similarity_boost: settings.similarity,
            style: settings.style,
          },
          speed: settings.speed,
          mode,
          ...song,
        });
        setPosition(0);
        setAudioUrl(URL.createObjectURL(blob));
        // The waveform and length come from the audio itself; a browser that cannot decode it
        // still plays it, and the length then comes from the element.
        waveformOf(blob, WAVEFORM_BARS).then(
          ({ peaks, seconds }) => {
            setWaveform(peaks);
            setDuration(seconds);
          },
          () => {
            setWaveform([]);
          },
        );
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : KIT_MESSAGES.failedToGenerateVocals);
      } finally {
        setIsGenerating(false);
      }
    },

    togglePlay() {
      const element = audio.current;
      if (!element) return;
      if (element.paused)
        element.play().catch(() => {
          setError(KIT_MESSAGES.failedToPlayAudio);
        });
      else element.pause();
    },

    save() {
      if (!audioUrl) {
        setError(KIT_MESSAGES.generateFirst);
        return;
      }
      if (!savedFileName) {
        setError(KIT_MESSAGES.enterFilename);
        return;
      }
      const link = document.createElement('a');
      link.href = audioUrl;
      link.download = savedFileName;
      link.click();
      setError(null);
    },

    reset() {
      setSettings(DEFAULTS);
      setMode('speak');
      setSong(SONG_DEFAULTS);
      setWaveform([]);
      setDuration(0);
      setPosition(0);
      setText('');
      setFileName('');
      setAudioUrl(null);
      setError(null);
    },
  };
}

export type VocalLabState = ReturnType<typeof useVocalLab>;
