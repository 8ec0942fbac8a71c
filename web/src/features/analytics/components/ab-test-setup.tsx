import { AB_TEST_LIMITS, AB_TEST_MESSAGES, startAbTestSchema, type TrackAbTest } from '@klang/domain';
import { FlaskConical, Lock, Star, Upload, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useZodForm } from '../../../lib/use-zod-form';
import { useStartAbTestMutation } from '../api/analytics-api';
import { formatListeners, versionLabel } from '../ab-test-format';

/** Where the set-up sends an artist who cannot start a test yet: the app knows the paths. */
export interface AbTestLinks {
  /** The plans page, for an artist whose plan has no tests. */
  plans: string;
  /** Where the artist's tracks are uploaded and featured. */
  tracks: string;
}

/** Why a test cannot start, with the one step that lets it. */
function Blocker({
  icon: Icon,
  children,
  to,
  action,
}: {
  icon: LucideIcon;
  children: ReactNode;
  to: string;
  action: string;
}) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-line p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2 text-sm text-fg">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
        <span>{children}</span>
      </p>
      <Button asChild size="sm" variant="secondary">
        <Link to={to}>{action}</Link>
      </Button>
    </div>
  );
}

const CHOOSE_VERSION_B = 'Choose the upload to test as version B.';

/** "2,000" and "2 000" are read as typed; an empty field is 0, below the floor. */
const asCap = (typed: unknown) => (typeof typed === 'string' ? Number(typed.replace(/[\s,]/g, '')) : typed);

/** The form's words where the schema leaves zod its own: no pick, and a cap that is no number at all. */
const startFormWords = ({ path }: { path?: readonly PropertyKey[] | undefined }) =>
  path?.[0] === 'versionBTrackId' ? CHOOSE_VERSION_B : AB_TEST_MESSAGES.capOutOfRange;

function StartForm({ page }: { page: TrackAbTest }) {
  const start = useStartAbTestMutation(page.trackId);
  const form = useZodForm(startAbTestSchema, {
    defaultValues: { versionBTrackId: '', cap: AB_TEST_LIMITS.defaultCap },
    messageFor: startFormWords,
    // A failed start spoke of the form as it was.
    onEdit: () => {
      start.reset();
    },
  });
  const chosen = form.watch('versionBTrackId');
  // The first candidate until the artist picks one; a pick that is no longer a candidate falls back.
  const versionB = page.candidates.some((c) => c.trackId === chosen) ? chosen : page.candidates[0]?.trackId;

  const submit = form.onSubmit((request) => {
    start.mutate(request);
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // What is checked and sent is the version the select shows, the fallback included.
        form.setValue('versionBTrackId', versionB ?? '');
        submit(event);
      }}
      className="flex flex-col gap-4"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Select
          label="Version B"
          options={page.candidates.map((c) => ({ value: c.trackId, label: versionLabel(c) }))}
          value={versionB}
          onValueChange={(value) => {
            form.setValue('versionBTrackId', value);
          }}
          hint="Another of your ready uploads that is not featured."
          error={form.errorOf('versionBTrackId')}
        />
        <Input
          label="Cap (listeners per version)"
          inputMode="numeric"
          autoComplete="off"
          hint={`Between ${formatListeners(AB_TEST_LIMITS.minCap)} and ${formatListeners(AB_TEST_LIMITS.maxCap)}.`}
          {...form.field('cap', { setValueAs: asCap })}
        />
      </div>
      <div className="flex flex-col items-start gap-2">
        <Button type="submit" isLoading={start.isPending}>
          <FlaskConical aria-hidden="true" className="size-4" />
          Start test
        </Button>
        {start.isError && (
          <p role="alert" className="text-sm font-medium text-accent">
            {start.error.message}
          </p>
        )}
      </div>
    </form>
  );
}

/**
 * Setting up a test (issue 31 item 1): what a test does, then the form, or the one step that
 * stands before it (the plan, featuring the track, a second upload), each with its way there.
 */
export function AbTestSetup({
  page,
  links,
  hasEndedTest,
}: {
  page: TrackAbTest;
  links: AbTestLinks;
  hasEndedTest: boolean;
}) {
  return (
    <div className="flex flex-col gap-3">
      {hasEndedTest && <h4 className="font-semibold text-fg">Start another test</h4>}
      <p className="text-sm text-muted">
        Blind listeners hear either version A (this track) or version B, never both, and the two share this
        track&apos;s deals, so a test buys no extra exposure. It stops when one version is clearly better, or
        at the cap; the winner becomes the featured version, and the likes of both stay the track&apos;s.
      </p>
      {!page.allowed ? (
        <Blocker icon={Lock} to={links.plans} action="See the plans">
          {AB_TEST_MESSAGES.proOnly}
        </Blocker>
      ) : !page.featured ? (
        <Blocker icon={Star} to={links.tracks} action="Go to your tracks">
          {AB_TEST_MESSAGES.notFeatured} Feature it under Your tracks on your profile.
        </Blocker>
      ) : page.candidates.length === 0 ? (
        <Blocker icon={Upload} to={links.tracks} action="Upload a version">
          Upload another version first (another master, another intro, or a later start): once it is ready and
          not featured, it can be version B.
        </Blocker>
      ) : (
        <StartForm page={page} />
      )}
    </div>
  );
}
