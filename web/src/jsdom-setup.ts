// What jsdom lacks and the browsers Klang supports all have. Only for the web unit tests
// (vitest.config.ts); nothing in the app imports it.

/** A ResizeObserver that reports once, at once, as a browser does on observe (jsdom has no layout). */
class ReportingResizeObserver implements ResizeObserver {
  constructor(private readonly report: ResizeObserverCallback) {}
  observe(): void {
    this.report([], this);
  }
  disconnect = (): void => undefined;
  unobserve = (): void => undefined;
}

if (!('ResizeObserver' in globalThis)) Object.assign(globalThis, { ResizeObserver: ReportingResizeObserver });
