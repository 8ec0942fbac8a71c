import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { decorateJobs, registerJobs } from './registry';
import type { JobKind } from './lanes';

const handler: JobKind = { lane: 'short', run: async () => undefined };
const otherHandler: JobKind = { lane: 'media', run: async () => undefined };
const request = async () => undefined;

function appWithJobs() {
  const app = Fastify();
  decorateJobs(app);
  return app;
}

describe('registerJobs', () => {
  it("collects each area's handlers and periodic requests into the app's tables", () => {
    const app = appWithJobs();
    registerJobs(app, { kinds: { 'a.one': handler }, periodic: { 'a daily': request } });
    registerJobs(app, { kinds: { 'b.one': otherHandler } });
    expect(app.jobKinds).toEqual({ 'a.one': handler, 'b.one': otherHandler });
    expect(app.periodicJobs).toEqual({ 'a daily': request });
  });

  it('refuses a job kind registered twice and keeps the first handler', () => {
    const app = appWithJobs();
    registerJobs(app, { kinds: { 'a.one': handler } });
    expect(() => {
      registerJobs(app, { kinds: { 'a.one': otherHandler } });
    }).toThrow('the job kind "a.one" is registered twice');
    expect(app.jobKinds['a.one']).toBe(handler);
  });

  it('refuses a periodic request name registered twice', () => {
    const app = appWithJobs();
    registerJobs(app, { periodic: { 'a daily': request } });
    expect(() => {
      registerJobs(app, { periodic: { 'a daily': request } });
    }).toThrow('the periodic job "a daily" is registered twice');
  });
});
