import { KIT_LIMITS, KIT_MESSAGES, SOUNDLAB, type SavedPreset, type SavePresetRequest } from '@klang/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { kitKeys, useSoundlabPresetsQuery } from '../api/kit-queries';
import { generateSound, savePreset } from '../api/soundlab-api';
import { createDefaultPads, fileNameFor, hasSoundsToSave, nameResult, roleOf, type Pad } from './pads';
import { createZip } from './zip';

export interface GeneratedSound {
  id: number;
  url: string;
  blob: Blob;
  name: string;
}

/** The pads of the presets the artist has changed since they were last saved, by preset. */
type Drafts = Partial<Record<number, Pad[]>>;

const NO_SAVED: readonly SavedPreset[] = [];

/** The pads of a preset as the server holds them, or empty pads when it was never saved. */
function savedPads(saved: readonly SavedPreset[], presetId: number): Pad[] {
  const preset = saved.find((p) => p.preset === presetId);
  return createDefaultPads().map((pad) => {
    const stored = preset?.pads.find((p) => p.pad === pad.id);
    return stored
      ? { ...pad, label: stored.label, sound: stored.soundUrl, isSaved: stored.soundUrl !== null }
      : pad;
  });
}

/** A preset's name: the artist's rename, else the saved name, else the default. */
function presetNameOf(
  saved: readonly SavedPreset[],
  renamed: Partial<Record<number, string>>,
  index: number,
) {
  return (
    renamed[index + 1] ??
    saved.find((p) => p.preset === index + 1)?.name ??
    SOUNDLAB.defaultPresetNames[index] ??
    ''
  );
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
 * Saves a preset's sound pads (a generated sound as its bytes, a saved one kept as it is), then
 * gathers every sound for the zip the artist downloads.
 */
async function savePresetPads(preset: number, name: string, pads: readonly Pad[]) {
  const soundPads = pads.filter((pad) => roleOf(pad.id) === 'sound');
  const body: SavePresetRequest = {
    name,
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
  await savePreset(preset, body);
  const taken = new Set<string>();
  return Promise.all(
    soundPads
      .filter((pad) => pad.sound !== null)
      .map(async (pad) => ({ name: fileNameFor(pad.label, pad.id, taken), data: await bytesOf(pad) })),
  );
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
  setDrafts: (update: (current: Drafts) => Drafts) => void,
  setIsStarting: (starting: boolean) => void,
  isCurrent: () => boolean,
) {
  setIsStarting(true);
  try {
    for (const { pad, label, prompt } of STARTER_KIT) {
      const blob = await generateSound(prompt);
      if (!isCurrent()) return;
      const url = URL.createObjectURL(blob);
      setDrafts((current) => ({
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

/**
 * SoundLab's state and actions (spec 002 §4 SoundLab); the screen only draws them. The saved
 * presets are the server's, read through a query; the hook keeps only what the artist has
 * changed since (the drafts and renames), which a save hands back to the query.
 */
export function useSoundLab() {
  const queryClient = useQueryClient();
  const presetsQuery = useSoundlabPresetsQuery();
  // The server answers a save with nothing: the presets are read again, and the save waits for
  // that read, so the pads can then take the saved sounds from the query.
  const saveMutation = useMutation({
    mutationFn: ({ preset, name, pads }: { preset: number; name: string; pads: readonly Pad[] }) =>
      savePresetPads(preset, name, pads),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitKeys.presets() }),
  });
  const saved = presetsQuery.data ?? NO_SAVED;
  const [drafts, setDrafts] = useState<Drafts>({});
  const [renamed, setRenamed] = useState<Partial<Record<number, string>>>({});
  const presetNames = SOUNDLAB.defaultPresetNames.map((_, i) => presetNameOf(saved, renamed, i));
  const [selectedPreset, setSelectedPreset] = useState(1);
  const [isEditing, setIsEditing] = useState(false);
  const [selectedPad, setSelectedPad] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [soundName, setSoundName] = useState('');
  const [results, setResults] = useState<GeneratedSound[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [volume, setVolume] = useState<number>(SOUNDLAB.defaultVolume);
  const [message, setMessage] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [sounding, setSounding] = useState<ReadonlySet<number>>(new Set());
  const [isStarting, setIsStarting] = useState(false);
  const audio = useRef(new Map<number, HTMLAudioElement>());
  const messageTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const pads = drafts[selectedPreset] ?? savedPads(saved, selectedPreset);

  const showMessage = useCallback((text: string) => {
    clearTimeout(messageTimer.current);
    setMessage(text);
    messageTimer.current = setTimeout(() => {
      setMessage(null);
    }, KIT_LIMITS.messageMs);
  }, []);

  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    const players = audio.current;
    return () => {
      isMounted.current = false;
      clearTimeout(messageTimer.current);
      for (const player of players.values()) player.pause();
    };
  }, []);

  // A first visit, with nothing saved, finds the starter kit on the drums preset (once a visit).
  const hasNoSaved = presetsQuery.data?.length === 0;
  const isStarterAsked = useRef(false);
  useEffect(() => {
    if (!hasNoSaved || isStarterAsked.current) return;
    isStarterAsked.current = true;
    void fillStarterKit(setDrafts, setIsStarting, () => isMounted.current);
  }, [hasNoSaved]);

  useEffect(() => {
    if (presetsQuery.isError) console.error('Failed to load presets', presetsQuery.error);
  }, [presetsQuery.isError, presetsQuery.error]);

  useEffect(() => {
    for (const player of audio.current.values()) player.volume = volume;
  }, [volume]);

  function updatePad(id: number, change: Partial<Pad>) {
    setDrafts((current) => ({
      ...current,
      [selectedPreset]: (current[selectedPreset] ?? savedPads(saved, selectedPreset)).map((pad) =>
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
    const preset = selectedPreset;
    const draft = drafts[preset];
    // Rename ignores blank text, so a name is never empty.
    const name = presetNames[preset - 1]?.trim() ?? `preset ${String(preset)}`;
    try {
      const entries = await saveMutation.mutateAsync({ preset, name, pads });
      download(createZip(entries), `preset-${String(preset)}-sounds.zip`);
      clearTimeout(messageTimer.current);
      setMessage(null);
      setConfirmation(
        `Saved “${name}”: ${String(entries.length)} ${entries.length === 1 ? 'sound' : 'sounds'}, and their zip is downloading.`,
      );
      messageTimer.current = setTimeout(() => {
        setConfirmation(null);
      }, KIT_LIMITS.messageMs);
      // The query now holds what was saved: the draft goes, unless the presets could not be read
      // again (then it stays, marked saved) or the artist changed the pads while it was saving.
      const isReadAgain = queryClient.getQueryState(kitKeys.presets())?.status === 'success';
      setDrafts((current) => {
        if (!draft || current[preset] !== draft) return current;
        if (isReadAgain) return { ...current, [preset]: undefined };
        return { ...current, [preset]: draft.map((pad) => (pad.sound ? { ...pad, isSaved: true } : pad)) };
      });
      if (isReadAgain) setRenamed((current) => ({ ...current, [preset]: undefined }));
    } catch (error) {
      console.error('Failed to save preset', error);
      showMessage(KIT_MESSAGES.failedToSavePreset);
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
    isSaving: saveMutation.isPending,
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
        setDrafts((current) => ({ ...current, [selectedPreset]: createDefaultPads() }));
        setRenamed(Object.fromEntries(SOUNDLAB.defaultPresetNames.map((name, i) => [i + 1, name])));
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
      setRenamed((current) => ({ ...current, [preset]: name.trim() }));
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
