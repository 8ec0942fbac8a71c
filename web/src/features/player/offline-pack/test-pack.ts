import type { OfflinePack } from '@klang/domain';
import { vi } from 'vitest';

export function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** One entry as the fake cache holds it: its bytes and the headers it was put with. */
interface StoredEntry {
  bytes: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
}

/**
 * Cache Storage as the browser has it, for the offline pack's tests (jsdom has none): named
 * caches of request URL → response, read back as new responses. `failPutAfter` makes the n-th
 * put and later ones throw as a full quota does.
 */
export class FakeCacheStorage {
  readonly caches = new Map<string, Map<string, StoredEntry>>();
  failPutAfter = Infinity;
  private puts = 0;

  open(name: string): Promise<Cache> {
    let entries = this.caches.get(name);
    if (!entries) {
      entries = new Map();
      this.caches.set(name, entries);
    }
    const store = entries;
    const cache = {
      put: async (request: RequestInfo | URL, response: Response) => {
        this.puts += 1;
        if (this.puts > this.failPutAfter)
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        const bytes = new Uint8Array(await response.arrayBuffer());
        store.set(urlOf(request), { bytes, headers: [...response.headers.entries()] });
      },
      match: (request: RequestInfo | URL) => {
        const entry = store.get(urlOf(request));
        return Promise.resolve(entry ? new Response(entry.bytes, { headers: entry.headers }) : undefined);
      },
      delete: (request: RequestInfo | URL) => Promise.resolve(store.delete(urlOf(request))),
    };
    return Promise.resolve(cache as unknown as Cache);
  }

  delete(name: string): Promise<boolean> {
    return Promise.resolve(this.caches.delete(name));
  }

  /** The request URLs stored under `name`, in the order they were put. */
  urls(name: string): string[] {
    return [...(this.caches.get(name)?.keys() ?? [])];
  }

  entry(name: string, url: string): StoredEntry | undefined {
    return this.caches.get(name)?.get(url);
  }
}

export const PACK_ID = '7a1d2c3b-0000-4000-8000-0000000000f0';
export const USER_ID = '7a1d2c3b-0000-4000-8000-0000000000e1';
export const ALIASES = [
  '7a1d2c3b-0000-4000-8000-000000000001',
  '7a1d2c3b-0000-4000-8000-000000000002',
  '7a1d2c3b-0000-4000-8000-000000000003',
] as const;

/** A pack of the three aliases above, each with its own stream grant, lasting a day. */
export function packOf(tracks: number = ALIASES.length): OfflinePack {
  return {
    id: PACK_ID,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    tracks: ALIASES.slice(0, tracks).map((id, index) => ({
      id,
      durationMs: 180_000,
      url: `/media/stream/sealed-${String(index)}?exp=9999999999`,
    })),
  };
}

/** `fetch` answering each stream grant with a few bytes of audio; nothing else is expected. */
export function stubAudioFetch() {
  return vi.fn<typeof fetch>((input) =>
    Promise.resolve(
      new Response(new Uint8Array([1, 2, 3, urlOf(input).length % 250]), {
        headers: { 'Content-Type': 'audio/mpeg', 'X-Grant': urlOf(input) },
      }),
    ),
  );
}

/** Tells the pack and its tests whether the browser says it is online. */
export function setOnline(isOnline: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
}
