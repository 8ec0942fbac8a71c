import { AB_TEST_MESSAGES, HOOKS, winningThreshold, type AbTest, type AbVersionFigures } from '@klang/domain';
import { Activity, CircleStop, Download, Scale, Trophy, UsersRound, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { analyticsApi, useStopAbTestMutation } from '../api/analytics-api';
import {
  curvesSummary,
  formatInterval,
  formatListeners,
  formatProbability,
  testStatusLine,
  versionLabel,
} from '../ab-test-format';
import { formatPosition, formatShare } from '../hook-format';
import { AbSkipCurvesChart } from './hook-charts';
import { PairTable } from './hook-panels';

type VersionKey = 'a' | 'b';

/** Each version's colour, the same in the cards, the probability bar and the chart. */
const SWATCH = { a: 'bg-primary', b: 'bg-info-text' } as const;
const TINT = { a: 'bg-primary/45', b: 'bg-info-text/45' } as const;

const STATUS_ICONS: Record<AbTest['status'], LucideIcon> = {
  running: Activity,
  'a-won': Trophy,
  'b-won': Trophy,
  'no-clear-winner': Scale,
  stopped: CircleStop,
};

function SubHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h4 id={id} className="flex items-center gap-2 text-sm font-semibold text-fg">
      {children}
    </h4>
  );
}

/** The like rate as a bar on 0–100 % with its 95 % interval as a whisker; the text beside it says the same. */
function RateMeter({
  version,
  rate,
  interval,
}: {
  version: VersionKey;
  rate: number;
  interval: AbVersionFigures['interval'];
}) {
  const percent = (share: number) => `${String(share * 100)}%`;
  return (
    <div aria-hidden="true" className="relative h-4 rounded-full bg-field">
      <div
        className={cn('absolute inset-y-0 left-0 rounded-full', TINT[version])}
        style={{ width: percent(rate) }}
      />
      {interval && (
        <>
          <div
            className="absolute top-1/2 h-0.5 -translate-y-1/2 bg-fg"
            style={{ left: percent(interval.low), width: percent(interval.high - interval.low) }}
          />
          <div
            className="absolute inset-y-0.5 w-0.5 -translate-x-1/2 bg-fg"
            style={{ left: percent(interval.low) }}
          />
          <div
            className="absolute inset-y-0.5 w-0.5 -translate-x-1/2 bg-fg"
            style={{ left: percent(interval.high) }}
          />
        </>
      )}
    </div>
  );
}

function VersionCard({ version, test }: { version: VersionKey; test: AbTest }) {
  const headingId = useId();
  const name = version === 'a' ? 'Version A' : 'Version B';
  const track = version === 'a' ? test.versionA : test.versionB;
  const figures = test[version];
  const badge =
    (version === 'a' && test.status === 'a-won') || (version === 'b' && test.status === 'b-won')
      ? 'Winner'
      : version === 'a' && test.status === 'running'
        ? 'Featured'
        : null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-line p-4"
    >
      <header className="flex flex-col gap-0.5">
        <div className="flex items-center justify-between gap-2">
          <SubHeading id={headingId}>
            <span aria-hidden="true" className={cn('size-2.5 rounded-full', SWATCH[version])} />
            {name}
          </SubHeading>
          {badge && (
            <span className="rounded-full bg-field px-2 py-0.5 text-xs font-medium text-fg">{badge}</span>
          )}
        </div>
        <p className="text-sm break-words text-muted">{versionLabel(track)}</p>
      </header>
      {figures ? (
        <dl className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-0.5">
            <dt className="text-xs text-muted">Listeners</dt>
            <dd className="text-lg font-bold text-fg tabular-nums">{formatListeners(figures.listeners)}</dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-xs text-muted">Median time to like</dt>
            <dd className="text-lg font-bold text-fg tabular-nums">
              {figures.medianSecondsToLike === null
                ? '—'
                : `${String(Math.round(figures.medianSecondsToLike))} s`}
            </dd>
          </div>
          <div className="col-span-2 flex flex-col gap-1.5">
            <dt className="text-xs text-muted">Like rate</dt>
            <dd className="text-2xl font-bold tracking-tight text-fg tabular-nums">
              {formatShare(figures.likeRate)}
            </dd>
            {figures.likeRate !== null && (
              <dd>
                <RateMeter version={version} rate={figures.likeRate} interval={figures.interval} />
              </dd>
            )}
            <dd className="text-xs text-muted">
              {figures.interval ? `95% interval ${formatInterval(figures.interval)} · ` : ''}
              {figures.likes} liked · {figures.skips} skipped
            </dd>
          </div>
        </dl>
      ) : (
        <p className="flex items-start gap-2 text-sm text-muted">
          <UsersRound aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {AB_TEST_MESSAGES.notEnoughListeners}
        </p>
      )}
    </section>
  );
}

/**
 * P(B beats A) as a figure, and as a dot on a line from "A better" to "B better" with each
 * version's winning zone at its end: the zones are slivers early, as the bar is strict then.
 */
function ProbabilityPanel({ test }: { test: AbTest }) {
  const headingId = useId();
  const p = test.probabilityBBeatsA;
  const threshold = test.threshold;
  const percent = (share: number) => `${String(share * 100)}%`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-xl border border-line p-4">
      <SubHeading id={headingId}>Probability that B beats A</SubHeading>
      {p === null ? (
        <p className="text-sm text-muted">Shown once both versions have figures.</p>
      ) : (
        <>
          <p className="text-3xl font-bold tracking-tight text-fg tabular-nums">{formatProbability(p)}</p>
          <div aria-hidden="true" className="flex flex-col gap-1">
            <div className="relative mx-2 h-3 rounded-full bg-field">
              {threshold !== null && (
                <>
                  <div
                    className={cn('absolute inset-y-0 left-0 rounded-l-full', TINT.a)}
                    style={{ width: percent(1 - threshold) }}
                  />
                  <div
                    className={cn('absolute inset-y-0 right-0 rounded-r-full', TINT.b)}
                    style={{ width: percent(1 - threshold) }}
                  />
                </>
              )}
              <div
                className="absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-surface bg-fg"
                style={{ left: percent(p) }}
              />
            </div>
            <div className="flex justify-between text-xs text-muted">
              <span>A better</span>
              <span>B better</span>
            </div>
          </div>
          {threshold !== null && (
            <p className="text-sm text-muted">
              {test.status === 'running' ? 'The bar to win at this look' : 'The bar to win at the last look'}:{' '}
              <span className="font-semibold text-fg tabular-nums">{formatProbability(threshold)}</span> for
              either version. It starts strict and eases to{' '}
              {formatProbability(winningThreshold(test.cap, test.cap))} at the cap, so watching the figures
              move does not make a false winner likely.
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** The chart's x axis covers the longer version. */
function axisLength(test: AbTest): number {
  return Math.max(
    test.versionA.durationMs ?? 0,
    test.versionB.durationMs ?? 0,
    test.a?.skipCurve.at(-1)?.positionMs ?? 0,
    test.b?.skipCurve.at(-1)?.positionMs ?? 0,
  );
}

function curveRows(figures: AbVersionFigures | null) {
  return (figures?.skipCurve ?? []).map((p) => ({
    key: p.positionMs,
    label: formatPosition(p.positionMs),
    value: formatShare(p.share),
  }));
}

function SkipCurves({ test }: { test: AbTest }) {
  const headingId = useId();
  const a = test.a?.skipCurve ?? [];
  const b = test.b?.skipCurve ?? [];
  const length = axisLength(test);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-xl border border-line p-4">
      <SubHeading id={headingId}>Skip curves</SubHeading>
      <p className="text-sm text-muted">
        The share of each version&apos;s blind listeners still listening at each point. A like never counts as
        a drop-off.
      </p>
      {(a.length > 0 || b.length > 0) && length > 0 ? (
        <AbSkipCurvesChart a={a} b={b} durationMs={length} summary={curvesSummary(test.a, test.b)} />
      ) : (
        <p className="text-sm text-muted">
          A version&apos;s curve appears once the player has reported where {HOOKS.minListeners} of its
          listeners stopped or kept listening.
        </p>
      )}
      {(a.length > 0 || b.length > 0) && (
        <details className="rounded-xl border border-line px-4 py-3 text-sm">
          <summary className="cursor-pointer font-medium text-fg">Show the curves as tables</summary>
          <div className="mt-3 grid items-start gap-6 sm:grid-cols-2">
            <PairTable
              caption="Version A skip curve"
              columns={['Position', 'Still listening']}
              rows={curveRows(test.a)}
              empty="Not enough positions yet"
            />
            <PairTable
              caption="Version B skip curve"
              columns={['Position', 'Still listening']}
              rows={curveRows(test.b)}
              empty="Not enough positions yet"
            />
          </div>
        </details>
      )}
    </section>
  );
}

/**
 * The live comparison of a running or ended test (issue 31 items 1 and 5): where it stands, each
 * version's figures under the listener floor, P(B beats A) against the bar of the moment
 * (decision 0303), both skip curves, the CSV, and the stop.
 */
export function AbTestComparison({ trackId, test }: { trackId: string; test: AbTest }) {
  const stop = useStopAbTestMutation(trackId);
  const [isConfirming, setConfirming] = useState(false);
  const StatusIcon = STATUS_ICONS[test.status];
  const isRunning = test.status === 'running';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <p role="status" className="flex items-start gap-2 text-sm font-medium text-fg">
          <StatusIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
          <span>{testStatusLine(test)}</span>
        </p>
        <p className="pl-6 text-xs text-muted">Cap: {formatListeners(test.cap)} listeners per version</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <VersionCard version="a" test={test} />
        <VersionCard version="b" test={test} />
      </div>
      <ProbabilityPanel test={test} />
      <SkipCurves test={test} />
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild size="sm" variant="secondary">
          <a href={analyticsApi.abTestCsvUrl(trackId)} download>
            <Download aria-hidden="true" className="size-4" />
            Download test CSV
          </a>
        </Button>
        {isRunning && (
          <Button
            size="sm"
            variant="danger"
            onClick={() => {
              stop.reset();
              setConfirming(true);
            }}
          >
            <CircleStop aria-hidden="true" className="size-4" />
            Stop test
          </Button>
        )}
      </div>
      {stop.isError && (
        <p role="alert" className="text-sm font-medium text-accent">
          {stop.error.message}
        </p>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setConfirming}
        title="Stop this test?"
        question="Stopping ends the test without a winner: version A stays the featured version. The likes of both versions stay the track's."
        confirmLabel="Stop test"
        isBusy={stop.isPending}
        onConfirm={() => {
          stop.mutate(undefined, {
            onSettled: () => {
              setConfirming(false);
            },
          });
        }}
      />
    </div>
  );
}
