import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { routes } from './router';

function routePaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.index ? ['/'] : route.path ? [route.path] : []),
    ...routePaths(route.children ?? []),
  ]);
}

describe('paths', () => {
  it('builds parameterised paths, encoding the parameter', () => {
    expect(paths.artist('3f1c')).toBe('/artist/3f1c');
    expect(paths.forumPost('a b/c')).toBe('/forum/post/a%20b%2Fc');
    expect(paths.artistUrl('dj-nova')).toBe('/dj-nova');
    expect(paths.artist.pattern).toBe('/artist/:artistId');
  });

  it('has a route for every path, and no route outside the registry', () => {
    const registered = Object.values(paths).map((value) =>
      typeof value === 'string' ? value : value.pattern,
    );
    const routed = routePaths(routes).filter((path) => path !== '*');
    expect(new Set(routed)).toEqual(new Set(registered));
  });
});
