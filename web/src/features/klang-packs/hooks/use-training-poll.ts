import { PACK_MESSAGES, PACKS, type Pack } from '@klang/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast, TOAST_DURATION_MS } from '../../../components/ui/toast';
import { fetchPack, packKeys } from '../api/klang-packs-api';

/**
 * Spec 002 §4: while a pack trains its status is read every 10 s, for at most 10 minutes from
 * when this screen started watching it. Ready and error each say so in a 5 s toast.
 */
export function useTrainingPoll(packs: readonly Pack[] | undefined) {
  const queryClient = useQueryClient();
  const watchedSince = useRef(new Map<string, number>());
  const trainingIds = (packs ?? [])
    .filter((pack) => pack.status === 'training')
    .map((pack) => pack.id)
    .join(',');

  useEffect(() => {
    if (!trainingIds) return;
    const ids = trainingIds.split(',');
    const now = Date.now();
    for (const id of ids) if (!watchedSince.current.has(id)) watchedSince.current.set(id, now);

    const timer = window.setInterval(() => {
      for (const id of ids) {
        const since = watchedSince.current.get(id) ?? now;
        if (Date.now() - since > PACKS.pollForMs) continue;
        void fetchPack(id)
          .then((pack) => {
            if (pack.status === 'training') return;
            queryClient.setQueryData<Pack[]>(packKeys.list(), (list) =>
              list?.map((item) => (item.id === pack.id ? pack : item)),
            );
            if (pack.status === 'ready') {
              toast({ title: PACK_MESSAGES.ready, tone: 'success', durationMs: TOAST_DURATION_MS.long });
            } else {
              toast({
                title: PACK_MESSAGES.trainingFailed,
                tone: 'error',
                durationMs: TOAST_DURATION_MS.long,
              });
            }
          })
          // A failed poll is tried again at the next tick.
          .catch(() => undefined);
      }
    }, PACKS.pollIntervalMs);
    return () => {
      window.clearInterval(timer);
    };
  }, [trainingIds, queryClient]);
}
