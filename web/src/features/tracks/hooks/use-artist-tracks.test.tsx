import { TRACK_MESSAGES as M, type ArtistTracksResponse } from '@klang/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tracksKeys } from '../api/tracks-api';
import { useFeatureTrackMutation } from './use-artist-tracks';

const TRACK_ID = '00000000-0000-4000-8000-000000000001';

function tracksWith(featured: boolean): ArtistTracksResponse {
  return {
    tier: 'free',
    goldBadge: false,
    uploadLimit: 5,
    featureLimit: 1,
    tracks: [
      {
        id: TRACK_ID,
        title: 'Harbour Lights',
        genre: 'Drum n Bass',
        label: 'Unsigned',
        status: 'ready',
        failureReason: null,
        canRetry: false,
        durationMs: 6000,
        coverUrl: null,
        likes: 0,
        dislikes: 0,
        addedToLibrary: 0,
        playCount: 0,
        featured,
        uploadedAt: new Date(0).toISOString(),
        chart: null,
        sound: null,
        followersFirstDay: null,
      },
    ],
  };
}

function setup(status: number, body: unknown) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await gate;
      return new Response(JSON.stringify(body), { status });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(tracksKeys.list(), tracksWith(false));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const featured = () => client.getQueryData<ArtistTracksResponse>(tracksKeys.list())?.tracks[0]?.featured;
  return { client, wrapper, release, featured };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the feature toggle', () => {
  it('moves at once and moves back when the server refuses, passing the refusal on', async () => {
    const refusal = { error: { code: 'FORBIDDEN', message: M.featureLimitFree } };
    const { wrapper, release, featured } = setup(403, refusal);
    const onRefusal = vi.fn(() => false);
    const { result } = renderHook(() => useFeatureTrackMutation(onRefusal), { wrapper });

    act(() => {
      result.current.mutate({ trackId: TRACK_ID, featured: true });
    });
    await waitFor(() => {
      expect(featured()).toBe(true);
    });
    release();
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    });
    expect(featured()).toBe(false);
    expect(onRefusal).toHaveBeenCalledWith(expect.objectContaining({ message: M.featureLimitFree }));
  });
});
