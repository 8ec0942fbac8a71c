import { loyaltyEndpoints } from '@klang/domain';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../auth-store';

const checkedFor = new Set<string>();

/**
 * Spec 002 §4: after sign-in the app runs the daily login check once; the server awards the
 * day's first-login points once per UTC day (the loyalty area's rule). It never blocks the app:
 * failures are only logged.
 */
export function useDailyLoginCheck(): void {
  const userId = useAuthStore((state) => state.user?.id);
  useEffect(() => {
    if (!userId || checkedFor.has(userId)) return;
    checkedFor.add(userId);
    api.call(loyaltyEndpoints.dailyLogin).catch((error: unknown) => {
      console.warn('Daily login check failed', error);
    });
  }, [userId]);
}
