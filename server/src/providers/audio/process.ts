/**
 * Child processes as pipes: bytes (a buffer, chunks or a stream) in on stdin, stdout out as a
 * stream, and one promise that settles when the process has exited, with the tail of its stderr.
 * ffmpeg, LAME and eSpeak NG are all driven through this one place.
 */
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a process reads on stdin: nothing, one buffer, chunks (sync or async) or a stream. */
export type ProcessInput = Buffer | Iterable<Buffer> | AsyncIterable<Buffer> | Readable;

/** A process exited with a non-zero code (or was killed); `stderrTail` says why. */
export class ProcessError extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    const last = stderrTail.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
    super(`${command} exited with ${String(exitCode)}: ${last}`);
    this.name = 'ProcessError';
  }
}

/** Enough of stderr for ffmpeg's summaries and error lines; its per-frame logs are dropped from the front. */
const STDERR_TAIL_BYTES = 64 * 1024;

export interface PipedProcess {
  stdout: Readable;
  /** Resolves with the stderr tail when the process exits 0; rejects with a ProcessError otherwise. */
  exited: Promise<string>;
}

export interface PipeOptions {
  input?: ProcessInput;
  signal?: AbortSignal;
}

/** Starts `command`, feeding `input` with backpressure; the caller reads `stdout`. */
export function pipeProcess(command: string, args: string[], options: PipeOptions = {}): PipedProcess {
  const { input, signal } = options;
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], ...(signal && { signal }) });
  const errors: Buffer[] = [];
  let errorBytes = 0;
  child.stderr.on('data', (chunk: Buffer) => {
    errors.push(chunk);
    errorBytes += chunk.length;
    while (errorBytes > STDERR_TAIL_BYTES && errors.length > 1) errorBytes -= errors.shift()?.length ?? 0;
  });
  const source = input === undefined ? [] : Buffer.isBuffer(input) ? [input] : input;
  // A broken pipe means the process died early; its exit code and stderr carry the real reason.
  pipeline(Readable.from(source), child.stdin).catch(() => undefined);
  const exited = new Promise<string>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const tail = Buffer.concat(errors).toString();
      if (code === 0) resolve(tail);
      else reject(new ProcessError(command, code, tail));
    });
  });
  return { stdout: child.stdout, exited };
}

/** Runs `command` to completion and resolves with all of its stdout. */
export async function runProcess(
  command: string,
  args: string[],
  options: PipeOptions = {},
): Promise<Buffer> {
  const { stdout, exited } = pipeProcess(command, args, options);
  const chunks: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  await exited;
  return Buffer.concat(chunks);
}
