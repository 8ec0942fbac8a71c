/**
 * Where this process is in its life, for the readiness answer: `starting` until it listens,
 * `serving` while it takes traffic, `draining` from SIGTERM until it exits (decision 0160).
 */
export type Phase = 'starting' | 'serving' | 'draining';

export interface Readiness {
  readonly phase: Phase;
  serving(): void;
  draining(): void;
}

export function createReadiness(initial: Phase = 'starting'): Readiness {
  let phase = initial;
  return {
    get phase() {
      return phase;
    },
    serving() {
      if (phase === 'starting') phase = 'serving';
    },
    draining() {
      phase = 'draining';
    },
  };
}
