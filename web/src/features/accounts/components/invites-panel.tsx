import { INVITE_MESSAGES, INVITES_PER_LISTENER, PRODUCT_NAME, type ListenerInvite } from '@klang/domain';
import { Check, Copy, Share2, UserCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useListenerInvitesQuery } from '../api/invites-api';

/**
 * A listener's invites on /profile (FAQ: five each): a personal link per slot to copy or share,
 * and who joined with the used ones. The count is the server's; a used link stays listed.
 */
export function InvitesPanel({ inviteUrl }: { inviteUrl: (token: string) => string }) {
  const invites = useListenerInvitesQuery(true);
  return (
    <section
      aria-labelledby="invites-title"
      className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-5 sm:p-6"
    >
      <header className="flex flex-col gap-1">
        <h2 id="invites-title" className="text-lg font-bold text-fg">
          Invite friends
        </h2>
        <p className="text-sm text-muted">
          Each link lets one friend create a listener account, credited to you.
        </p>
      </header>
      {invites.isPending ? (
        <Spinner label="Loading your invites" className="mx-auto my-4" />
      ) : invites.isError ? (
        <p role="alert" className="text-accent">
          {invites.error.message}
        </p>
      ) : (
        <>
          <p className="text-sm font-semibold text-fg" aria-live="polite">
            <span className="text-2xl font-bold tabular-nums">{invites.data.remaining}</span> of{' '}
            {INVITES_PER_LISTENER} invites left
          </p>
          <ul className="flex flex-col gap-2">
            {invites.data.invites.map((invite) => (
              <InviteRow key={invite.slot} invite={invite} url={inviteUrl(invite.token)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function InviteRow({ invite, url }: { invite: ListenerInvite; url: string }) {
  if (invite.redeemedAt) {
    return (
      <li className="flex min-h-14 items-center gap-3 rounded-xl bg-field/60 px-3 py-2 text-sm">
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-success/15 text-success-text">
          <UserCheck aria-hidden="true" className="size-4" />
        </span>
        <span className="min-w-0 flex-1 truncate text-fg">
          {invite.redeemedBy ? `@${invite.redeemedBy} joined` : 'Used'}
        </span>
        <Check aria-hidden="true" className="size-4 shrink-0 text-muted" />
      </li>
    );
  }
  const label = `Invite ${invite.slot}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(INVITE_MESSAGES.copied);
    } catch {
      toast.error('Could not copy the link', url);
    }
  }
  async function share() {
    try {
      await navigator.share({ title: `Join me on ${PRODUCT_NAME}`, url });
    } catch (error) {
      // The visitor closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copy();
    }
  }
  return (
    <li className="flex min-h-14 items-center gap-3 rounded-xl border border-line px-3 py-2 text-sm">
      <span
        aria-hidden="true"
        className="grid size-8 shrink-0 place-items-center rounded-full bg-primary/15 text-sm font-bold text-accent"
      >
        {invite.slot}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold text-fg">{label}</span>
        <span className="truncate font-mono text-xs text-muted" title={url}>
          {url.replace(/^https?:\/\//, '')}
        </span>
      </span>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Copy ${label.toLowerCase()} link`}
        onClick={() => void copy()}
      >
        <Copy aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">Copy</span>
      </Button>
      {typeof navigator.share === 'function' && (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Share ${label.toLowerCase()} link`}
          onClick={() => void share()}
        >
          <Share2 aria-hidden="true" className="size-4" />
        </Button>
      )}
    </li>
  );
}
