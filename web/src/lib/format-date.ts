const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2025-06-02' → '2 June 2025'. Dates without a time are read as UTC, so no time zone shifts them. */
export function formatLongDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

const localLongDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** A moment as the day it was where the reader is, in the app's one style: '26 December 2026'. */
export function formatLocalLongDate(at: Date): string {
  return localLongDate.format(at);
}
