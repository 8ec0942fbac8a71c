import { useQuery } from '@tanstack/react-query';
import { SHARE_FUNNEL_DAYS, SHARE_FUNNEL_MESSAGES, type ShareFunnel } from '@klang/domain';
import { Lock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { analyticsApi, analyticsKeys } from '../api/analytics-api';
import { EmptyState } from './hook-panels';

const COUNT = new Intl.NumberFormat('en');
const RATE = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });
/** A UTC day as the app writes dates (en-GB), short: '28 Nov'. */
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

const rateOf = (value: number | null): string => (value === null ? '–' : RATE.format(value));

/** The steps of a share, in the order a friend meets them, with what each counts. */
const STEPS: {
  key: keyof ShareFunnel['daily'][number] & keyof ShareFunnel;
  label: string;
  detail: string;
}[] = [
  { key: 'sharesMade', label: 'Links made', detail: 'one per sharer and track' },
  { key: 'opens', label: 'Share pages opened', detail: 'by anyone, signed in or not' },
  { key: 'previews', label: 'Blind previews', detail: 'played by visitors and in embeds' },
  { key: 'sharedDeals', label: 'Shared plays', detail: 'dealt to signed-in listeners' },
  { key: 'newListeners', label: 'New listeners', detail: 'whose first deal ever was a share' },
];

/**
 * The team's share funnel (issue 32 item 6, decision 0309): shares per reveal and signups per
 * shared play over the last 7, 30 or 90 days, each step counted by the server, and the days
 * behind them. The server refuses anyone but an admin; the page says so plainly.
 */
export function ShareFunnelReport({ backLink }: { backLink: ReactNode }) {
  const [days, setDays] = useState<(typeof SHARE_FUNNEL_DAYS)[number]>(30);
  const funnel = useQuery({
    queryKey: analyticsKeys.shareFunnel(days),
    queryFn: () => analyticsApi.shareFunnel(days),
    retry: false,
  });

  if (funnel.error instanceof ApiError && funnel.error.code === 'FORBIDDEN')
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-12">
        <EmptyState icon={<Lock className="size-5" />} title={SHARE_FUNNEL_MESSAGES.teamOnly}>
          It shows how blind shares bring listeners in, for the people who run Klang.
        </EmptyState>
        {backLink}
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold tracking-wide text-muted uppercase">Team</p>
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Blind shares</h1>
          <p className="max-w-prose text-muted">
            How a reveal becomes a link, and a link a new listener. Counted by the server as each step
            happens; no figure names a track.
          </p>
        </div>
        <div
          role="group"
          aria-label="Window"
          className="grid grid-cols-3 gap-1 rounded-xl border border-line bg-surface p-1"
        >
          {SHARE_FUNNEL_DAYS.map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={days === choice}
              onClick={() => {
                setDays(choice);
              }}
              className={cn(
                'h-9 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors',
                days === choice ? 'bg-primary text-on-primary' : 'text-fg hover:bg-fg/10',
              )}
            >
              {choice} days
            </button>
          ))}
        </div>
      </header>

      {funnel.isPending ? (
        <div className="grid min-h-48 place-items-center">
          <Spinner />
        </div>
      ) : funnel.isError ? (
        <Banner tone="error">{funnel.error.message}</Banner>
      ) : (
        <FunnelFigures funnel={funnel.data} />
      )}
    </div>
  );
}

function FunnelFigures({ funnel }: { funnel: ShareFunnel }) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Ratio
          label="Shares per reveal"
          value={rateOf(funnel.sharesPerReveal)}
          detail={`${COUNT.format(funnel.sharesMade)} links made from ${COUNT.format(funnel.reveals)} reveals`}
        />
        <Ratio
          label="Signups per shared play"
          value={rateOf(funnel.signupsPerSharedPlay)}
          detail={`${COUNT.format(funnel.newListeners)} new listeners from ${COUNT.format(
            funnel.previews + funnel.sharedDeals,
          )} previews and shared plays`}
        />
      </div>

      <section aria-labelledby="funnel-steps" className="flex flex-col gap-3">
        <h2 id="funnel-steps" className="font-semibold text-fg">
          Step by step
        </h2>
        <ol className="grid grid-cols-2 gap-2 lg:grid-cols-3">
          {STEPS.map((step) => (
            <li
              key={step.key}
              className="flex flex-col gap-0.5 rounded-2xl border border-line bg-surface p-4"
            >
              <span className="text-2xl font-bold text-fg tabular-nums">
                {COUNT.format(funnel[step.key])}
              </span>
              <span className="text-sm font-semibold text-fg">{step.label}</span>
              <span className="text-xs text-muted">{step.detail}</span>
            </li>
          ))}
          <li className="flex flex-col gap-0.5 rounded-2xl border border-line bg-surface p-4">
            <span className="text-2xl font-bold text-fg tabular-nums">
              {COUNT.format(funnel.sharedLikes)}
            </span>
            <span className="text-sm font-semibold text-fg">Liked blind by friends</span>
            <span className="text-xs text-muted">shared plays that ended in a like</span>
          </li>
        </ol>
      </section>

      <section aria-labelledby="funnel-days" className="flex flex-col gap-3">
        <h2 id="funnel-days" className="font-semibold text-fg">
          Day by day
        </h2>
        {/* Scrolls sideways on a phone: a keyboard reaches it too. */}
        <div
          role="region"
          aria-labelledby="funnel-days"
          tabIndex={0}
          className="overflow-x-auto rounded-2xl border border-line bg-surface focus-visible:outline-2 focus-visible:outline-primary"
        >
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">The share funnel by UTC day, newest first</caption>
            <thead>
              <tr className="border-b border-line text-left text-muted">
                <th scope="col" className="px-4 py-2 font-semibold">
                  Day
                </th>
                {STEPS.map((step) => (
                  <th key={step.key} scope="col" className="px-3 py-2 text-right font-semibold">
                    {step.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...funnel.daily].reverse().map((day) => (
                <tr key={day.day} className="border-b border-line/60 last:border-0">
                  <th scope="row" className="px-4 py-2 text-left font-medium whitespace-nowrap text-fg">
                    {DAY.format(new Date(`${day.day}T00:00:00Z`))}
                  </th>
                  {STEPS.map((step) => (
                    <td
                      key={step.key}
                      className={cn(
                        'px-3 py-2 text-right tabular-nums',
                        // A quiet day stays quiet, so the days with shares stand out.
                        day[step.key] === 0 ? 'text-muted' : 'font-semibold text-fg',
                      )}
                    >
                      {COUNT.format(day[step.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

function Ratio({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-line bg-surface p-5">
      <span className="text-sm font-semibold text-muted">{label}</span>
      <span className="text-4xl font-bold tracking-tight text-fg tabular-nums">{value}</span>
      <span className="text-sm text-muted">{detail}</span>
    </div>
  );
}
