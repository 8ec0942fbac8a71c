import WebSocket from 'ws';
import { pcm16Samples } from './audio';

interface AgentEvent {
  type: string;
  conversation_initiation_metadata_event?: { agent_output_audio_format: string };
  agent_response_event?: { event_id: number };
  audio_event?: { audio_base_64: string; event_id: number };
}

/**
 * Opens the voice agent's socket as the ElevenLabs SDK does (subprotocol `convai`, then the
 * client's initiation data), waits for the greeting, asks `question` as a typed message, and
 * answers the first second of the spoken reply: the agent sends a second ahead of playback at
 * once, four quarter-second chunks of 16-bit mono PCM at the rate its format names (`pcm_16000`).
 * An agent that cannot speak sends text only: after `seconds` that is a failure.
 */
export function firstSecondOfAnswer(
  signedUrl: string,
  headers: Record<string, string>,
  question: string,
  seconds = 30,
): Promise<{ samples: Float32Array; sampleRate: number }> {
  const socket = new WebSocket(signedUrl, ['convai'], { headers });
  let timer: NodeJS.Timeout | undefined;
  return new Promise<{ samples: Float32Array; sampleRate: number }>((resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no spoken answer within ${String(seconds)} s`));
    }, seconds * 1000);
    let sampleRate = 0;
    let greeting: number | undefined;
    const answer: Buffer[] = [];
    socket.on('error', reject);
    socket.on('close', (code, reason) => {
      reject(new Error(`the agent closed its socket: ${String(code)} ${reason.toString()}`));
    });
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
    });
    socket.on('message', (data: Buffer) => {
      const event = JSON.parse(data.toString()) as AgentEvent;
      const format = event.conversation_initiation_metadata_event?.agent_output_audio_format;
      if (format) sampleRate = Number(/^pcm_(\d+)$/.exec(format)?.[1]);
      // The greeting is the first turn; the question is asked once it has come, so its turn is later.
      if (event.type === 'agent_response' && greeting === undefined) {
        greeting = event.agent_response_event?.event_id;
        socket.send(JSON.stringify({ type: 'user_message', text: question }));
      }
      const audio = event.audio_event;
      if (audio && greeting !== undefined && audio.event_id > greeting) {
        answer.push(Buffer.from(audio.audio_base_64, 'base64'));
        if (answer.length === 4) resolve({ samples: pcm16Samples(Buffer.concat(answer)), sampleRate });
      }
    });
  }).finally(() => {
    clearTimeout(timer);
    socket.removeAllListeners('close');
    socket.close();
  });
}
