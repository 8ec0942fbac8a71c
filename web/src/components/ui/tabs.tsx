import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'flex gap-1 overflow-x-auto rounded-full border border-line bg-surface p-1 [scrollbar-width:none]',
        className,
      )}
      {...props}
    />
  );
}

type TabsTriggerProps = ComponentProps<typeof TabsPrimitive.Trigger> & {
  /** A small pill after the label, such as 'Soon' on a tab that is not ready. */
  badge?: ReactNode;
};

export function TabsTrigger({ className, badge, children, ...props }: TabsTriggerProps) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-4 text-sm font-semibold text-muted transition-colors',
        'hover:text-fg data-[state=active]:bg-fg data-[state=active]:text-bg',
        'disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:text-muted',
        className,
      )}
      {...props}
    >
      {children}
      {badge && (
        <span className="rounded-full bg-field px-1.5 py-px text-[0.6875rem] font-semibold tracking-wide text-muted uppercase">
          {badge}
        </span>
      )}
    </TabsPrimitive.Trigger>
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn('mt-5 focus-visible:outline-offset-4 data-[state=active]:animate-fade-in', className)}
      {...props}
    />
  );
}
