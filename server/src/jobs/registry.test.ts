import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { decorateJobs, registerJobs } from './registry';
import type { JobHandler } from './runner';

const handler: JobHandler = async () => undefined;
const otherHandler: JobHandler = async () => undefined;
const request = async () => undefined;

function appWithJobs() {
  const app = Fastify();
  decorateJobs(app);
  return app;
}

describe('registerJobs', () => {
  it("collects each area's handlers and periodic requests into the app's tables", () => {
    const app = appWithJobs();
    registerJobs(app, { handlers: { 'a.one': handler }, periodic: { 'a daily': request } });
    registerJobs(app, { handlers: { 'b.one': otherHandler } });
    expect(app.jobHandlers).toEqual({ 'a.one': handler, 'b.one': otherHandler });
    expect(app.periodicJobs).toEqual({ 'a daily': request });
  });

  it('refuses a job kind registered twice and keeps the first handler', () => {
    const app = appWithJobs();
    registerJobs(app, { handlers: { 'a.one': handler } });
    expect(() => {
      registerJobs(app, { handlers: { 'a.one': otherHandler } });
    }).toThrow('the job kind "a.one" is registered twice');
    expect(app.jobHandlers['a.one']).toBe(handler);
  });

  it('refuses a periodic request name registered twice', () => {
    const app = appWithJobs();
    registerJobs(app, { periodic: { 'a daily': request } });
    expect(() => {
      registerJobs(app, { periodic: { 'a daily': request } });
    }).toThrow('the periodic job "a daily" is registered twice');
  });
});
