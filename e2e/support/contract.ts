import type { APIRequestContext, APIResponse } from '@playwright/test';
import { entryUrl, type Endpoint } from '@klang/domain';

/**
 * What a spec sends to a contract entry (decision 0220): its path parameters, query and JSON
 * body. The journeys name an entry, never its path, so a URL that moves moves here too.
 */
export interface EntryRequest {
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string>>;
  data?: unknown;
}

/** Sends the entry's request with the entry's own method, through a page's or a test's context. */
export function callEntry(
  request: APIRequestContext,
  entry: Endpoint,
  options: EntryRequest = {},
): Promise<APIResponse> {
  return request.fetch(entryUrl(entry, options), {
    method: entry.method,
    ...(options.data === undefined ? {} : { data: options.data }),
  });
}

/**
 * The path parameters of a request the page sent to the entry (its method and its path), or
 * undefined for any other request: how a journey watches the app's calls without spelling a path.
 */
export function matchEntry(
  entry: Endpoint,
  request: { url(): string; method(): string },
): Record<string, string> | undefined {
  if (request.method() !== entry.method) return undefined;
  const names: string[] = [];
  const pattern = entry.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  const match = new RegExp(`^${pattern}$`).exec(new URL(request.url()).pathname);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
}
