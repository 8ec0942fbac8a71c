import { KIT_LIMITS, KIT_MESSAGES, SOUNDLAB, type SavePresetRequest } from '@klang/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchPresets, generateSound, savePreset } from '../api/soundlab-api';
import { createDefaultPads, fileNameFor, hasSoundsToSave, nameResult, roleOf, type Pad } from './pads';
import { createZip } from './zip';

export interface GeneratedSound {
  id: number;
  url: string;
  blob: Blob;
  name: string;
}

type Presets = Record<number, Pad[]>;

const PRESET_IDS = [1, 2, 3, 4] as const;

function defaultPresets(): Presets {
  return Object.fromEntries(PRESET_IDS.map((id) => [id, createDefaultPads()]));
}

/** A pad's audio bytes: the generated blob, or the saved file fetched from this server. */
async function bytesOf(pad: Pad): Promise<Uint8Array> {
  const data = pad.blob ?? (await (await fetch(pad.sound ?? '')).blob());
  return new Uint8Array(await data.arrayBuffer());
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}

/**
 * The starter kit a first visit finds on the 'drums' preset (issue 20), instead of sixteen
 * empty pads: real sounds, generated on demand by the same engine as the artist's own, placed
 * and labelled, and kept only when the artist saves the preset.
 */
export const STARTER_KIT: readonly { pad: number; label: string; prompt: string }[] = [
  { pad: 6, label: 'kick', prompt: 'short punchy kick' },
  { pad: 7, label: 'snare', prompt: 'tight snare' },
  { pad: 8, label: 'clap', prompt: 'clap with a little reverb' },
  { pad: 9, label: 'closed hat', prompt: 'short closed hat' },
  { pad: 11, label: 'open hat', prompt: 'open hi hat' },
  { pad: 12, label: 'tom', prompt: 'low floor tom' },
  { pad: 13, label: 'sub', prompt: '808 sub bass' },
  { pad: 14, label: 'stab', prompt: 'house chord stab' },
];

/** Renders the starter kit into the drums preset's empty pads, one sound at a time. */
async function fillStarterKit(
  setPresets: (update: (current: Presets) => Presets) => void,
  setIsStarting: (starting: boolean) => void,
  isCurrent: () => boolean,
) {
  setIsStarting(true);
  try {
    for (const { pad, label, prompt } of STARTER_KIT) {
      const blob = await generateSound(prompt);
      if (!isCurrent()) return;
      const url = URL.createObjectURL(blob);
      setPresets((current) => ({
        ...current,
        1: (current[1] ?? createDefaultPads()).map((p) =>
          p.id === pad && p.sound === null ? { ...p, label, sound: url, blob, isSaved: false } : p,
        ),
      }));
    }
  } catch (error) {
    // A starter kit is a courtesy: without it the pads are simply empty, as before.
    console.error('Starter kit failed', error);
  } finally {
    if (isCurrent()) setIsStarting(false);
  }
}

/** SoundLab's state and actions (spec 002 §4 SoundLab); the screen only draws them. */
export function useSoundLab() {
  const [presets, setPresets] = useState<Presets>(defaultPresets);
  const [presetNames, setPresetNames] = useState<string[]>([...SOUNDLAB.defaultPresetNames]);
  const [selectedPreset, setSelectedPreset] = useState(1);
  const [isEditing, setIsEditing] = useState(false);
  const [selectedPad, setSelectedPad] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [soundName, setSoundName] = useState('');
  const [results, setResults] = useState<GeneratedSound[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [volume, setVolume] = useState<number>(SOUNDLAB.defaultVolume);
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [sounding, setSounding] = useState<ReadonlySet<number>>(new Set());
  const [isStarting, setIsStarting] = useState(false);
  const audio = useRef(new Map<number, HTMLAudioElement>());
  const messageTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const pads = presets[selectedPreset] ?? createDefaultPads();

  const showMessage = useCallback((text: string) => {
    clearTimeout(messageTimer.current);
    setMessage(text);
    messageTimer.current = setTimeout(() => {
      setMessage(null);
    }, KIT_LIMITS.messageMs);
  }, []);

  useEffect(() => {
    let isCurrent = true;
    fetchPresets().then(
      ({ presets: saved }) => {
        if (!isCurrent) return;
        setPresets((current) => {
          const next = { ...current };
          for (const preset of saved) {
            next[preset.preset] = createDefaultPads().map((pad) => {
              const stored = preset.pads.find((p) => p.pad === pad.id);
              return stored
                ? { ...pad, label: stored.label, sound: stored.soundUrl, isSaved: stored.soundUrl !== null }
                : pad;
            });
          }
          return next;
        });
        setPresetNames((names) =>
          names.map((name, i) => saved.find((p) => p.preset === i + 1)?.name ?? name),
        );
        if (saved.length === 0) void fillStarterKit(setPresets, setIsStarting, () => isCurrent);
      },
      (error: unknown) => {
        console.error('Failed to load presets', error);
      },
    );
    const players = audio.current;
    return () => {
      isCurrent = false;
      clearTimeout(messageTimer.current);
      for (const player of players.values()) player.pause();
    };
  }, []);

  useEffect(() => {
    for (const player of audio.current.values()) player.volume = volume;
  }, [volume]);

  function updatePad(id: number, change: Partial<Pad>) {
    setPresets((current) => ({
      ...current,
      [selectedPreset]: (current[selectedPreset] ?? createDefaultPads()).map((pad) =>
        pad.id === id ? { ...pad, ...change } : pad,
      ),
    }));
  }

  function setSoundingPad(id: number, on: boolean) {
    setSounding((current) => {
      if (current.has(id) === on) return current;
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function play(pad: Pad) {
    if (!pad.sound) return;
    let player = audio.current.get(pad.id);
    if (player?.src !== pad.sound) {
      player?.pause();
      player = new Audio(pad.sound);
      audio.current.set(pad.id, player);
      // The pad lights while its sound plays, and goes dark when it ends or is stopped.
      player.addEventListener('playing', () => {
        setSoundingPad(pad.id, true);
      });
      for (const event of ['ended', 'pause', 'error']) {
        player.addEventListener(event, () => {
          setSoundingPad(pad.id, false);
        });
      }
    }
    player.volume = volume;
    player.currentTime = 0;
    player.play().catch(() => {
      showMessage(KIT_MESSAGES.failedToPlayAudio);
    });
  }

  function stopAll() {
    for (const player of audio.current.values()) player.pause();
    audio.current.clear();
  }

  function clearPanel() {
    setSelectedPad(null);
    setResults([]);
    setDescription('');
    setSoundName('');
  }

  async function save() {
    if (!hasSoundsToSave(pads)) {
      showMessage(KIT_MESSAGES.noSoundsToSave);
      return;
    }
    setIsSaving(true);
    try {
      const soundPads = pads.filter((pad) => roleOf(pad.id) === 'sound');
      const presetName = presetNames[selectedPreset - 1]?.trim();
      const body: SavePresetRequest = {
        // Rename ignores blank text, so a name is never empty.
        name: presetName ?? `preset ${selectedPreset}`,
        pads: await Promise.all(
          soundPads.map(async (pad) => ({
            pad: pad.id,
            label: pad.label,
            sound:
              pad.sound === null
                ? null
                : pad.isSaved
                  ? ({ keep: true } as const)
                  : { mp3Base64: toBase64(await bytesOf(pad)) },
          })),
        ),
      };
      await savePreset(selectedPreset, body);
      const taken = new Set<string>();
      const entries = await Promise.all(
        soundPads
          .filter((pad) => pad.sound !== null)
          .map(async (pad) => ({
            name: fileNameFor(pad.label, pad.id, taken),
            data: await bytesOf(pad),
          })),
      );
      download(createZip(entries), `preset-${selectedPreset}-sounds.zip`);
      clearTimeout(messageTimer.current);
      setMessage(null);
      setConfirmation(
        `Saved “${body.name}”: ${String(entries.length)} ${entries.length === 1 ? 'sound' : 'sounds'}, and their zip is downloading.`,
      );
      messageTimer.current = setTimeout(() => {
        setConfirmation(null);
      }, KIT_LIMITS.messageMs);
      setPresets((current) => ({
        ...current,
        [selectedPreset]: (current[selectedPreset] ?? []).map((pad) =>
          pad.sound ? { ...pad, isSaved: true } : pad,
        ),
      }));
    } catch (error) {
      console.error('Failed to save preset', error);
      showMessage(KIT_MESSAGES.failedToSavePreset);
    } finally {
      setIsSaving(false);
    }
  }

  return {
    pads,
    confirmation,
    sounding,
    isStarting,
    presetNames,
    selectedPreset,
    isEditing,
    selectedPad,
    description,
    soundName,
    results,
    progress,
    volume,
    message,
    isSaving,
    setDescription,
    setSoundName,
    setVolume,

    /** A click on a pad, by its role (spec 002 §4). */
    press(pad: Pad) {
      const role = roleOf(pad.id);
      if (role === 'preset') {
        stopAll();
        setSelectedPreset(pad.id);
        clearPanel();
      } else if (role === 'edit') {
        setIsEditing((editing) => !editing);
        clearPanel();
      } else if (role === 'save') {
        void save();
      } else if (role === 'reset') {
        stopAll();
        setPresets((current) => ({ ...current, [selectedPreset]: createDefaultPads() }));
        setPresetNames([...SOUNDLAB.defaultPresetNames]);
        clearPanel();
      } else if (role === 'sound') {
        if (isEditing) {
          setSelectedPad(pad.id);
          setSoundName(pad.label === 'empty' ? '' : pad.label);
          setResults([]);
        } else {
          play(pad);
        }
      }
    },

    closePanel: clearPanel,

    rename(preset: number, name: string) {
      if (!name.trim()) return;
      setPresetNames((names) => names.map((current, i) => (i === preset - 1 ? name.trim() : current)));
    },

    /** Spec 002 §7: four calls in sequence; a failed one is logged and skipped. */
    async generate() {
      const pad = pads.find((p) => p.id === selectedPad);
      if (!pad || !description.trim()) return;
      setResults([]);
      let made = 0;
      try {
        for (let n = 1; n <= KIT_LIMITS.generationsPerClick; n++) {
          setProgress(n);
          try {
            const blob = await generateSound(description.trim());
            const sound = {
              id: n,
              url: URL.createObjectURL(blob),
              blob,
              name: nameResult(soundName, pad.label, n),
            };
            made += 1;
            setResults((current) => [...current, sound]);
          } catch (error) {
            console.error(`Sound ${n} failed`, error);
          }
        }
        if (made === 0) showMessage(KIT_MESSAGES.failedToGenerateSounds);
      } finally {
        setProgress(null);
      }
    },

    /** 'add': the result goes on the selected pad, then the panel clears (spec 002 §4). */
    add(result: GeneratedSound) {
      if (selectedPad === null) return;
      updatePad(selectedPad, { sound: result.url, blob: result.blob, label: result.name, isSaved: false });
      clearPanel();
    },

    preview(result: GeneratedSound) {
      const player = new Audio(result.url);
      player.volume = volume;
      player.play().catch(() => {
        showMessage(KIT_MESSAGES.failedToPlayAudio);
      });
    },
  };
}

export type SoundLabState = ReturnType<typeof useSoundLab>;
