import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  entryUrl,
  binary,
  defineEndpoints,
  endpoint,
  fillPath,
  isBinaryResponse,
  type EndpointBody,
  type EndpointJsonResult,
  type EndpointParams,
  type PathParamNames,
} from './endpoint';
import { areaEndpoints, endpoints } from './endpoints';
import type { Reveal } from '../player/player.schema';

describe('the endpoint contract', () => {
  it('names each entry by its key, once across every area', () => {
    const tables = Object.values(areaEndpoints);
    const names = tables.flatMap((table) => Object.keys(table));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(endpoints)).toHaveLength(names.length);
    for (const [name, entry] of Object.entries(endpoints)) expect(entry.name).toBe(name);
  });

  it('gives every method and path one entry, with params exactly when the path has placeholders', () => {
    const routes = Object.values(endpoints).map((entry) => `${entry.method} ${entry.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const entry of Object.values(endpoints)) {
      expect(entry.path).toMatch(/^\/(api|functions\/v1|rest\/v1)\//);
      const placeholders = [...entry.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const declared = entry.params instanceof z.ZodObject ? Object.keys(entry.params.shape) : [];
      expect(declared.sort(), entry.name).toEqual(placeholders.sort());
    }
  });

  it("speaks the spec's error dialect on the spec's functions and REST calls, and Klang's own elsewhere", () => {
    // The dialect is the entry's (decision 0310); this only keeps the two spellings in step.
    for (const entry of Object.values(endpoints)) {
      const dialect = entry.policy.dialect ?? 'api';
      const expected = entry.path.startsWith('/functions/v1/')
        ? ['function', 'function-with-success']
        : entry.path.startsWith('/rest/v1/')
          ? ['rest']
          : ['api'];
      expect([entry.name, expected.includes(dialect)]).toEqual([entry.name, true]);
    }
  });

  it('fills placeholders URI-encoded and refuses a missing one', () => {
    expect(fillPath('/api/player/tracks/:trackId/like', { trackId: 'a b/c' })).toBe(
      '/api/player/tracks/a%20b%2Fc/like',
    );
    expect(fillPath('/api/forum/posts/:postId/replies/:replyId', { postId: 'p', replyId: 'r' })).toBe(
      '/api/forum/posts/p/replies/r',
    );
    expect(() => fillPath('/api/player/tracks/:trackId/like', {})).toThrow(/trackId/);
  });

  it('declares binary responses by content type, with no schema', () => {
    const table = defineEndpoints({
      sound: endpoint({
        method: 'POST',
        path: '/functions/v1/sound',
        policy: { access: 'public', limit: null, dialect: 'function' },
        body: z.object({ prompt: z.string() }),
        response: binary('audio/mpeg', 'audio/wav'),
      }),
    });
    expect(isBinaryResponse(table.sound.response)).toBe(true);
    expect(isBinaryResponse(endpoints.likeTrack.response)).toBe(false);
    expect(table.sound.response).toEqual({ kind: 'binary', contentTypes: ['audio/mpeg', 'audio/wav'] });
  });

  it('types requests and responses from the schemas', () => {
    expectTypeOf<PathParamNames<'/api/forum/posts/:postId/replies/:replyId'>>().toEqualTypeOf<
      'postId' | 'replyId'
    >();
    expectTypeOf<PathParamNames<'/api/health'>>().toEqualTypeOf<never>();
    expectTypeOf<EndpointParams<typeof endpoints.likeTrack>>().toEqualTypeOf<{ trackId: string }>();
    expectTypeOf<EndpointBody<typeof endpoints.likeTrack>>().toEqualTypeOf<{
      addToLibrary?: boolean | undefined;
      positionMs?: number | undefined;
    }>();
    expectTypeOf<EndpointJsonResult<typeof endpoints.likeTrack>>().toEqualTypeOf<Reveal>();
    expectTypeOf<EndpointJsonResult<typeof endpoints.leaveTrack>>().toEqualTypeOf<undefined>();
    expectTypeOf<EndpointParams<typeof endpoints.health>>().toEqualTypeOf<undefined>();

    const policy = { access: 'public', limit: null } as const;
    const withoutParams = { method: 'GET', path: '/api/things/:thingId', policy, response: {} } as const;
    // @ts-expect-error: a path with a placeholder needs its params schema.
    endpoint(withoutParams);
    const otherParams = { ...withoutParams, params: z.object({ otherId: z.string() }) };
    // @ts-expect-error: the params schema must give the path's own placeholders.
    endpoint(otherParams);
    const needlessParams = {
      ...withoutParams,
      path: '/api/things',
      params: z.object({ thingId: z.string() }),
    } as const;
    // @ts-expect-error: no placeholder, no params.
    endpoint(needlessParams);
    expect(endpoint({ ...withoutParams, params: z.object({ thingId: z.string() }) }).path).toBe(
      '/api/things/:thingId',
    );
    // @ts-expect-error: who may call it, and how often, is part of the entry (decision 0310).
    endpoint({ method: 'GET', path: '/api/things', response: {} });
  });
});

describe('entryUrl', () => {
  it('fills the path and writes the defined query values, form-encoded as URLSearchParams writes them', () => {
    expect(
      entryUrl(
        { path: '/api/things/:thingId' },
        {
          params: { thingId: 'a/b' },
          query: { q: "a b&c!'()~*", tag: ['x', 'y'], n: 2, on: true, gone: undefined },
        },
      ),
    ).toBe('/api/things/a%2Fb?q=a+b%26c%21%27%28%29%7E*&tag=x&tag=y&n=2&on=true');
    expect(entryUrl({ path: '/api/health' }, { query: {} })).toBe('/api/health');
    expect(entryUrl({ path: '/api/health' })).toBe('/api/health');
  });
});
