import type { FastifyInstance } from 'fastify';
import type { JobKind } from './lanes';
import type { JobRequest } from './schedule';

/** What an area hands to {@link registerJobs}: its kinds (lane and handler), and its periodic requests. */
export interface AreaJobs {
  /** Each job kind's lane and handler. A kind is stored in the `jobs` rows: never rename one. */
  kinds?: Record<string, JobKind>;
  /**
   * Requests the server makes at start and every 10 minutes (`main.ts`), by the name its log
   * gives a failure ("could not queue the <name>"). A separate worker makes none.
   */
  periodic?: Record<string, JobRequest>;
}

/**
 * Adds an area's background work to the app: `app.jobKinds` is what the job runner claims by
 * (each kind in its lane), `app.periodicJobs` what `main.ts` schedules. Each area calls this once from its
 * `register<Area>`, so a kind is defined in one `<area>.jobs.ts` and registered in one place.
 * A kind or periodic name registered twice is refused at build time: the second handler would
 * silently replace the first, and a row of that kind would run code its author never meant.
 */
export function registerJobs(app: FastifyInstance, jobs: AreaJobs): void {
  addOnce(app.jobKinds, jobs.kinds ?? {}, 'job kind');
  addOnce(app.periodicJobs, jobs.periodic ?? {}, 'periodic job');
}

function addOnce<T>(into: Record<string, T>, entries: Record<string, T>, what: string): void {
  for (const [name, value] of Object.entries(entries)) {
    if (Object.hasOwn(into, name)) throw new Error(`the ${what} "${name}" is registered twice`);
    into[name] = value;
  }
}

/** Gives the app empty job tables before any area registers; `buildApp` calls it once. */
export function decorateJobs(app: FastifyInstance): void {
  app.decorate('jobKinds', {});
  app.decorate('periodicJobs', {});
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background work the areas define, by job kind: its lane and handler. */
    jobKinds: Record<string, JobKind>;
    /** The periodic job requests the areas define, by name; `main.ts` schedules them. */
    periodicJobs: Record<string, JobRequest>;
  }
}
