import { getAudioElement } from './audio-engine';

/**
 * The Discover ring's view of the music: the one audio element routed through a Web Audio
 * AnalyserNode. WARNING (docs/footguns.md): once an element feeds a MediaElementSource, a
 * cross-origin source without CORS plays as silence, and a suspended AudioContext silences it
 * too. So the graph is built only inside a user gesture (where the context may start), only
 * once the context runs, and only for a same-origin source (the local storage provider); an S3
 * URL plays straight from the element and the ring keeps its idle motion.
 */
let context: AudioContext | undefined;
let analyser: AnalyserNode | undefined;
let isRouted = false;

function isSameOrigin(src: string): boolean {
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Call from a tap, click or key handler: creates or resumes the context while the gesture
 * allows it. Harmless where Web Audio is missing, and never blocks playback.
 */
export function unlockAnalyser(): void {
  if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    if (context.state !== 'running') void context.resume().catch(() => undefined);
  } catch {
    context = undefined;
  }
}

/**
 * The analyser for the element's current source, or null when the ring must not listen: no
 * Web Audio, the context is not running (routing then would mute the music), or the source is
 * cross-origin.
 */
export function getAnalyser(): AnalyserNode | null {
  if (analyser) return analyser;
  const audio = getAudioElement();
  if (context?.state !== 'running' || isRouted) return null;
  const src = audio.currentSrc || audio.src;
  if (!src || !isSameOrigin(src)) return null;
  try {
    const source = context.createMediaElementSource(audio);
    const node = context.createAnalyser();
    node.fftSize = 256;
    node.smoothingTimeConstant = 0.78;
    source.connect(node);
    node.connect(context.destination);
    isRouted = true;
    analyser = node;
    // A phone may suspend the context (a call, the lock screen); the element then plays into a
    // stopped graph, so resume it whenever playback starts again.
    audio.addEventListener('play', () => {
      if (context && context.state !== 'running') void context.resume().catch(() => undefined);
    });
    return node;
  } catch {
    isRouted = true;
    return null;
  }
}
