import { HOOKS, SKIP_REASON_LABELS, type BlindNotesAggregate, type ReadyTrackHooks } from '@klang/domain';
import { MapPin, MessageSquareOff, UsersRound } from 'lucide-react';
import { formatPosition, momentSummary, notesBasis, reasonSummary } from '../hook-format';
import { MomentMapChart, SkipReasonsChart } from './hook-charts';
import { PairTable, Section } from './hook-panels';

/** The notes behind both charts, for screen readers and anyone who prefers a table. */
function NotesTables({ notes }: { notes: BlindNotesAggregate }) {
  return (
    <details className="rounded-xl border border-line px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium text-fg">Show the notes as tables</summary>
      <div className="mt-3 grid items-start gap-6 sm:grid-cols-2">
        <PairTable
          caption="Skip reasons"
          columns={['Reason', 'Notes']}
          rows={notes.reasons.map((r) => ({
            key: r.reason,
            label: SKIP_REASON_LABELS[r.reason],
            value: r.notes,
          }))}
          empty="No reasons"
        />
        <PairTable
          caption="Moment map"
          columns={['Position', 'Moments']}
          rows={notes.moments.map((m) => ({
            key: m.positionMs,
            label: formatPosition(m.positionMs),
            value: m.notes,
          }))}
          empty="No moment map without the track's length"
        />
      </div>
    </details>
  );
}

/** A small key under the moment map: the bars, and the skip curve drawn behind them. */
function MomentKey({ hasCurve, hasWaveform }: { hasCurve: boolean; hasWaveform: boolean }) {
  return (
    <p aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
      <span className="flex items-center gap-1.5">
        <span className="size-2.5 rounded-sm bg-primary" />
        Moments marked
      </span>
      {hasCurve && (
        <span className="flex items-center gap-1.5">
          <span className="w-4 border-t-[1.5px] border-dashed border-muted" />
          Still listening (skip curve)
        </span>
      )}
      {hasWaveform && (
        <span className="flex items-center gap-1.5">
          <span className="h-2.5 w-4 rounded-sm bg-muted/20" />
          The track&apos;s waveform
        </span>
      )}
    </p>
  );
}

function SubHeading({ children }: { children: string }) {
  return <h4 className="text-sm font-semibold text-fg">{children}</h4>;
}

/**
 * Blind Notes (issue 31 item 2, decision 0302): why blind listeners skipped the track, and where
 * they marked "this moment", from the server's aggregate over five note-giving listeners or more.
 */
export function BlindNotesSection({ hooks }: { hooks: ReadyTrackHooks }) {
  const notes = hooks.blindNotes;
  return (
    <Section
      title="Blind Notes"
      description="Why blind listeners skipped, and the moments they marked while listening. Six set reasons and a tap: no free text."
    >
      {notes ? (
        <>
          <p className="flex items-center gap-2 text-sm text-muted">
            <UsersRound aria-hidden="true" className="size-4" />
            {notesBasis(notes.listeners)}
          </p>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <div className="flex min-w-0 flex-col gap-2">
              <SubHeading>Why they skipped</SubHeading>
              <SkipReasonsChart reasons={notes.reasons} summary={reasonSummary(notes.reasons)} />
            </div>
            <div className="flex min-w-0 flex-col gap-2">
              <SubHeading>Moment map</SubHeading>
              {notes.moments.length > 0 && hooks.durationMs ? (
                <>
                  <MomentMapChart
                    moments={notes.moments}
                    curve={hooks.skipCurve.points}
                    waveform={hooks.waveform}
                    durationMs={hooks.durationMs}
                    summary={momentSummary(notes.moments)}
                  />
                  <MomentKey
                    hasCurve={hooks.skipCurve.points.length > 0}
                    hasWaveform={hooks.waveform.length > 0}
                  />
                </>
              ) : (
                <p className="flex items-center gap-2 text-sm text-muted">
                  <MapPin aria-hidden="true" className="size-4" />
                  The moment map needs the track&apos;s length, which is not known yet.
                </p>
              )}
            </div>
          </div>
          <NotesTables notes={notes} />
        </>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted">
          <MessageSquareOff aria-hidden="true" className="size-4 shrink-0" />
          Blind Notes appear once {HOOKS.minListeners} different listeners have left one.
        </p>
      )}
    </Section>
  );
}
