import type { ComponentType } from 'react';

export type ScreenModule = { Component: ComponentType };

/**
 * Wraps a route's `lazy` import so a failed download reaches the route's errorElement.
 *
 * WARNING: looks roundabout, but is needed. When a nested route's `lazy` rejects, React Router 7
 * keeps the route marked as lazy and renders only the layouts above it, with an empty outlet and no
 * error (see _renderMatches). Resolving instead with a screen that rethrows the original error
 * while rendering puts the error where RouteError can read it and tell a chunk failure apart.
 * Nothing is lost by caching the failure in the route: browsers cache a failed module import too,
 * which is why the way out is a reload.
 */
export function lazyScreen(load: () => Promise<ScreenModule>): () => Promise<ScreenModule> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      return {
        Component: function FailedToLoad(): never {
          throw error;
        },
      };
    }
  };
}
