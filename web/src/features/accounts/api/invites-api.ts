import { invitesEndpoints } from '@klang/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const inviteKeys = {
  mine: ['invites', 'mine'] as const,
  preview: (token: string) => ['invites', 'preview', token] as const,
};

/** The signed-in listener's five invite links (product-decisions.md Invites). */
export function useListenerInvitesQuery(enabled: boolean) {
  return useQuery({
    queryKey: inviteKeys.mine,
    queryFn: ({ signal }) => api.call(invitesEndpoints.listenerInvites, { signal }),
    enabled,
    // A friend may join at any moment: the count is read fresh when the profile opens.
    staleTime: 0,
  });
}

/** Who an invite link is from; an error carries the message the signup screen shows. */
export function useInvitePreviewQuery(token: string | null) {
  return useQuery({
    queryKey: inviteKeys.preview(token ?? ''),
    queryFn: ({ signal }) =>
      api.call(invitesEndpoints.invitePreview, { params: { token: token ?? '' }, signal }),
    enabled: token !== null,
    retry: false,
  });
}
