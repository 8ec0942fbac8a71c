import type { FastifyInstance } from 'fastify';
import type { JobHandler } from './runner';
import type { JobRequest } from './schedule';

/** What an area hands to {@link registerJobs}: its handlers by kind, and its periodic requests. */
export interface AreaJobs {
  /** Handlers by job kind. A kind is stored in the `jobs` rows: never rename one. */
  handlers?: Record<string, JobHandler>;
  /**
   * Requests the server makes at start and every 10 minutes (`main.ts`), by the name its log
   * gives a failure ("could not queue the <name>"). A separate worker makes none.
   */
  periodic?: Record<string, JobRequest>;
}

/**
 * Adds an area's background work to the app: `app.jobHandlers` is what the job runner claims
 * by, `app.periodicJobs` what `main.ts` schedules. Each area calls this once from its
 * `register<Area>`, so a kind is defined in one `<area>.jobs.ts` and registered in one place.
 * A kind or periodic name registered twice is refused at build time: the second handler would
 * silently replace the first, and a row of that kind would run code its author never meant.
 */
export function registerJobs(app: FastifyInstance, jobs: AreaJobs): void {
  addOnce(app.jobHandlers, jobs.handlers ?? {}, 'job kind');
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
  app.decorate('jobHandlers', {});
  app.decorate('periodicJobs', {});
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background work the areas define, by job kind; the job runner claims by these. */
    jobHandlers: Record<string, JobHandler>;
    /** The periodic job requests the areas define, by name; `main.ts` schedules them. */
    periodicJobs: Record<string, JobRequest>;
  }
}
