import { kitEndpoints } from '@klang/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchPresets } from './soundlab-api';

/** One query-key factory for what the Kit reads from the server: the saved presets, the voices. */
export const kitKeys = {
  all: ['kit'] as const,
  presets: () => [...kitKeys.all, 'soundlab-presets'] as const,
  voices: () => [...kitKeys.all, 'voices'] as const,
};

/** The artist's saved SoundLab presets; a saved sound is a short-lived signed URL. */
export function useSoundlabPresetsQuery() {
  return useQuery({
    queryKey: kitKeys.presets(),
    queryFn: async () => (await fetchPresets()).presets,
    // Each visit reads them afresh: the sounds' signed URLs expire.
    staleTime: 0,
  });
}

/**
 * Spec 002 §7 get-voices: the same list for every artist, so it is kept for the session. Any
 * failure reads as 'Failed to load voices' (spec 002 §8), which the screen says.
 */
export function useVoicesQuery() {
  return useQuery({
    queryKey: kitKeys.voices(),
    queryFn: async ({ signal }) => (await api.call(kitEndpoints.getVoices, { signal })).voices,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
