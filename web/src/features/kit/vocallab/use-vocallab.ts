import { KIT_MESSAGES, VOCALLAB, type Voice } from '@klang/domain';
import { useEffect, useRef, useState } from 'react';
import { fetchVoices, generateVocals } from '../api/vocallab-api';

const DEFAULTS = {
  speed: VOCALLAB.speed.default,
  stability: VOCALLAB.stability.default,
  similarity: VOCALLAB.similarity.default,
  style: VOCALLAB.style.default,
  volume: VOCALLAB.volume.default,
};
export type VocalSettings = typeof DEFAULTS;

/** VocalLab's states (spec 002 §4): idle, generating, a vocal ready to play and save. */
export function useVocalLab() {
  const [voices, setVoices] = useState<Voice[]>([]);
  const [voiceId, setVoiceId] = useState('');
  const [settings, setSettings] = useState<VocalSettings>(DEFAULTS);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const [isGenerating, setIsGenerating] = useState(false);
  const [isPlaying, setIsPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  useEffect(() => {
    fetchVoices().then(
      (list) => {
        setVoices(list);
        setVoiceId((current) => current || (list[0]?.voice_id ?? ''));
      },
      () => {
        setError(KIT_MESSAGES.failedToLoadVoices);
      },
    );
  }, []);

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
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onStop);
    element.addEventListener('ended', onStop);
    audio.current = element;
    return () => {
      element.pause();
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onStop);
      element.removeEventListener('ended', onStop);
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
    text,
    fileName,
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
        });
        setAudioUrl(URL.createObjectURL(blob));
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
      if (!fileName.trim()) {
        setError(KIT_MESSAGES.enterFilename);
        return;
      }
      const link = document.createElement('a');
      link.href = audioUrl;
      link.download = `${fileName.trim()}.mp3`;
      link.click();
      setError(null);
    },

    reset() {
      setSettings(DEFAULTS);
      setText('');
      setFileName('');
      setAudioUrl(null);
      setError(null);
    },
  };
}

export type VocalLabState = ReturnType<typeof useVocalLab>;
