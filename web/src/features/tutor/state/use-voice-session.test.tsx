import { SPEECH_ERROR_MESSAGES, TUTOR_MESSAGES } from '@klang/domain';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from './conversations';
import { useVoiceSession } from './use-voice-session';

/** A stand-in for the browser's recognition: the test drives its events. */
class FakeRecognition {
  static instances: FakeRecognition[] = [];
  lang = '';
  continuous = false;
  interimResults = false;
  onstart: (() => void) | null = null;
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  constructor() {
    FakeRecognition.instances.push(this);
  }
  start() {
    this.onstart?.();
  }
  stop() {
    this.onend?.();
  }
  abort() {
    this.onend?.();
  }
  hear(transcript: string, isFinal: boolean) {
    this.onresult?.({ resultIndex: 0, results: { length: 1, 0: { isFinal, length: 1, 0: { transcript } } } });
  }
}

const latest = () => FakeRecognition.instances.at(-1);

describe('the voice session (spec 002 §4, §8, §9)', () => {
  const tracks = [{ stop: vi.fn() }];
  const getUserMedia = vi.fn(() => Promise.resolve({ getTracks: () => tracks }));

  beforeEach(() => {
    vi.useFakeTimers();
    FakeRecognition.instances = [];
    Object.assign(window, { webkitSpeechRecognition: FakeRecognition });
    Object.assign(navigator, { mediaDevices: { getUserMedia } });
    // The reply has no audio, so the session goes back to listening by itself. It is the whole
    // answer the contract's tutor-response gives (decision 0238).
    const reply = {
      content: 'Shape the transient.',
      audio: null,
      spotifyUrls: [],
      klangTracks: [],
      suggestedTopics: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(reply)))),
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window, 'webkitSpeechRecognition');
  });

  async function started(onSave: (messages: Message[]) => void = vi.fn()) {
    const hook = renderHook(() => useVoiceSession('tutorlab', onSave));
    await act(() => hook.result.current.start());
    return hook;
  }

  it('asks for the microphone with the spec constraints, then is ready without listening', async () => {
    const { result } = await started();
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { sampleRate: 44_100, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    expect(result.current.isActive).toBe(true);
    expect(result.current.label).toBe('ready');
    expect(FakeRecognition.instances).toHaveLength(0);
  });

  it('listens in en-US, continuous, interim; restarts 1 s after recognition ends', async () => {
    const { result } = await started();
    act(() => {
      result.current.listen();
    });
    expect(result.current.label).toBe('listening');
    expect(latest()).toMatchObject({ lang: 'en-US', continuous: true, interimResults: true });
    act(() => latest()?.stop());
    expect(result.current.label).toBe('ready');
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(FakeRecognition.instances).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(FakeRecognition.instances).toHaveLength(2);
    expect(result.current.label).toBe('listening');
  });

  it('takes an interim result followed by 1.5 s of silence as said, answers, and listens again', async () => {
    const { result } = await started();
    act(() => {
      result.current.listen();
    });
    act(() => latest()?.hear('punchy drums', false));
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(result.current.label).toBe('listening');
    await act(async () => {
      vi.advanceTimersByTime(1);
      await vi.runOnlyPendingTimersAsync();
    });
    expect(result.current.messages.map((m) => [m.type, m.content])).toEqual([
      ['user', 'punchy drums'],
      ['ai', 'Shape the transient.'],
    ]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(result.current.label).toBe('listening');
  });

  it("shows the spec's errors, ignores no-speech and aborted, and says when the answer failed", async () => {
    const { result } = await started();
    act(() => {
      result.current.listen();
    });
    act(() => latest()?.onerror?.({ error: 'no-speech' }));
    act(() => latest()?.onerror?.({ error: 'aborted' }));
    expect(result.current.error).toBeNull();
    act(() => latest()?.onerror?.({ error: 'audio-capture' }));
    expect(result.current.error).toBe('Microphone not available. Please check your microphone connection.');
    act(() => latest()?.onerror?.({ error: 'bad-grammar' }));
    expect(result.current.error).toBe('Speech recognition error: bad-grammar. Please try again.');

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"error":"boom"}', { status: 503 }))),
    );
    await act(async () => {
      latest()?.hear('anything', true);
      await vi.runOnlyPendingTimersAsync();
    });
    expect(result.current.error).toBe(TUTOR_MESSAGES.failedToGenerate);
  });

  it('saves the session as a conversation on close and stops the microphone', async () => {
    const onSave = vi.fn();
    const { result } = await started(onSave);
    act(() => {
      result.current.listen();
    });
    await act(async () => {
      latest()?.hear('what about reverb', true);
      await vi.runOnlyPendingTimersAsync();
    });
    act(() => {
      result.current.close();
    });
    expect(tracks[0]?.stop).toHaveBeenCalled();
    expect(result.current.isActive).toBe(false);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect((onSave.mock.calls[0]?.[0] as Message[]).map((m) => m.type)).toEqual(['user', 'ai']);
  });

  it('says so when the browser has no speech recognition or refuses the microphone', async () => {
    Reflect.deleteProperty(window, 'webkitSpeechRecognition');
    const { result } = await started();
    expect(result.current.isActive).toBe(false);
    expect(result.current.error).toBe(TUTOR_MESSAGES.recognitionUnsupported);

    Object.assign(window, { webkitSpeechRecognition: FakeRecognition });
    getUserMedia.mockImplementationOnce(() => Promise.reject(new Error('something odd')));
    await act(() => result.current.start());
    expect(result.current.error).toBe(TUTOR_MESSAGES.couldNotAccessMicrophone);
  });

  it('uses the spec’s words for a refused microphone and for none at all', async () => {
    const { result } = await started();
    act(() => {
      result.current.close();
    });
    const failure = (name: string, message: string) => Object.assign(new Error(message), { name });
    getUserMedia.mockImplementationOnce(() =>
      Promise.reject(failure('NotAllowedError', 'Permission denied')),
    );
    await act(() => result.current.start());
    expect(result.current.error).toBe(SPEECH_ERROR_MESSAGES['not-allowed']);
    getUserMedia.mockImplementationOnce(() =>
      Promise.reject(failure('NotFoundError', 'Requested device not found')),
    );
    await act(() => result.current.start());
    expect(result.current.error).toBe('Microphone not available. Please check your microphone connection.');
  });
});
