import { fillPath, type Endpoint } from '@klang/domain';

/**
 * A contract entry's path (decision 0220) with its parameters filled in and an optional query:
 * the benchmarks name the endpoint they measure, never its URL, so a route that moves is
 * measured where it now is.
 */
export function entryPath(
  entry: Endpoint,
  {
    params,
    query,
  }: { params?: Readonly<Record<string, string>>; query?: Readonly<Record<string, string>> } = {},
): string {
  const search = query ? new URLSearchParams(query).toString() : '';
  return fillPath(entry.path, params) + (search ? `?${search}` : '');
}
