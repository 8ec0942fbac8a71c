import { UserRound } from 'lucide-react';
import { cn } from './cn';

const SIZES = {
  sm: { box: 'size-11', icon: 'size-5' },
  md: { box: 'size-24', icon: 'size-10' },
  lg: { box: 'size-32', icon: 'size-12' },
} as const;

interface AvatarProps {
  src: string | null | undefined;
  size?: keyof typeof SIZES;
  /** Empty when a name beside the picture already says who it is. */
  alt?: string;
  className?: string;
}

/** A round profile picture, or a person outline where there is none. */
export function Avatar({ src, size = 'md', alt = '', className }: AvatarProps) {
  const { box, icon } = SIZES[size];
  return src ? (
    <img
      src={src}
      alt={alt}
      className={cn(box, 'shrink-0 rounded-full object-cover ring-2 ring-line', className)}
    />
  ) : (
    <div
      aria-hidden="true"
      className={cn(
        box,
        'grid shrink-0 place-items-center rounded-full bg-field text-muted ring-2 ring-line',
        className,
      )}
    >
      <UserRound className={icon} />
    </div>
  );
}
