import { TUTOR_LIMITS } from '@klang/domain';

/** The parts of the Web Speech API's recognition the tutor uses (not in every TypeScript DOM lib). */
export interface RecognitionResultList {
  readonly length: number;
  [index: number]: {
    readonly isFinal: boolean;
    readonly length: number;
    [index: number]: { transcript: string };
  };
}
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onstart: (() => void) | null;
  onresult: ((event: { resultIndex: number; results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

/** The browser's speech recognition, or null where there is none (Firefox, some headless builds). */
export function recognitionConstructor(): RecognitionConstructor | null {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Spec 002 §7: en-US, continuous, with interim results. */
export function createRecognition(Constructor: RecognitionConstructor): Recognition {
  const recognition = new Constructor();
  recognition.lang = TUTOR_LIMITS.language;
  recognition.continuous = true;
  recognition.interimResults = true;
  return recognition;
}

/** The results since `resultIndex`, split into what is final and what is still being heard. */
export function readResults(event: { resultIndex: number; results: RecognitionResultList }) {
  let final = '';
  let interim = '';
  for (let i = event.resultIndex; i < event.results.length; i += 1) {
    const result = event.results[i];
    const text = result?.[0]?.transcript ?? '';
    if (result?.isFinal) final += text;
    else interim += text;
  }
  return { final: final.trim(), interim: interim.trim() };
}

/** Spec 002 §9: the microphone the voice session asks for. */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { ...TUTOR_LIMITS.microphone },
};
