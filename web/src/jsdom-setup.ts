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

/**
 * jsdom's Blob has no `text()`. On Node.js 24 a fetch Response's `blob()` makes its Blob from the
 * global one, which in a jsdom test is jsdom's, so a test reading an answer's Blob needs it.
 */
if (typeof Blob.prototype.text !== 'function') {
  Object.defineProperty(Blob.prototype, 'text', {
    value(this: Blob): Promise<string> {
      return new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => {
          resolve(typeof reader.result === 'string' ? reader.result : '');
        };
        reader.onerror = () => {
          reject(reader.error ?? new Error('The blob could not be read'));
        };
        reader.readAsText(this);
      });
    },
  });
}
