import type { ComponentType } from 'react';
import { cn } from './cn';

interface IconTileProps {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  className?: string;
}

/** The rounded square that carries a screen's icon above its title (placeholders, errors, 404). */
export function IconTile({ icon: Icon, className }: IconTileProps) {
  return (
    <div
      className={cn(
        'grid size-14 place-items-center rounded-2xl border border-line bg-surface text-accent',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-7" />
    </div>
  );
}
