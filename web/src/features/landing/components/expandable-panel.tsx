import { ChevronDown } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState, type ReactNode } from 'react';

/** A panel that opens on demand ('Built for artists', spec 000 §2). */
export function ExpandablePanel({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Collapsible.Root
      open={isOpen}
      onOpenChange={setIsOpen}
      className="rounded-3xl border border-line bg-surface"
    >
      <Collapsible.Trigger className="group flex w-full items-center justify-between gap-4 rounded-3xl px-6 py-5 text-left text-lg font-semibold text-fg hover:bg-field/60">
        {summary}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-muted transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </Collapsible.Trigger>
      <Collapsible.Content className="px-6 pb-6">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
