import { Check, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';

type Figure = { x: number; y: number; scale: number };

type ExampleProps = {
  figures: Figure[];
  background: string;
  blur?: boolean;
  /** Backlit: the person is a silhouette against a bright window. */
  backlit?: boolean;
  sunglasses?: boolean;
};

/** One example photo, drawn: a person (or several) against a wall, with the fault it shows. */
function ExamplePhoto({ figures, background, blur, backlit, sunglasses }: ExampleProps) {
  const id = useId();
  return (
    <svg viewBox="0 0 80 100" className="aspect-[4/5] w-full rounded-lg" aria-hidden="true">
      <defs>
        <filter id={`${id}-blur`}>
          <feGaussianBlur stdDeviation="2.4" />
        </filter>
      </defs>
      <rect width="80" height="100" fill={background} />
      <g filter={blur ? `url(#${id}-blur)` : undefined}>
        {figures.map(({ x, y, scale }, index) => (
          <g key={index} transform={`translate(${x} ${y}) scale(${scale})`}>
            <ellipse cx="0" cy="44" rx="26" ry="22" fill={backlit ? '#15151a' : '#23232b'} />
            <rect x="-4" y="14" width="8" height="10" fill={backlit ? '#15151a' : '#c98e6a'} />
            <ellipse cx="0" cy="0" rx="12" ry="16" fill={backlit ? '#15151a' : '#e0ac86'} />
            <ellipse cx="0" cy="-12" rx="13" ry="6" fill={backlit ? '#15151a' : '#3a2416'} />
            {backlit ? null : sunglasses ? (
              <rect x="-10" y="-4" width="20" height="6" rx="2" fill="#111" />
            ) : (
              <>
                <circle cx="-4.5" cy="-1" r="1.4" fill="#222" />
                <circle cx="4.5" cy="-1" r="1.4" fill="#222" />
              </>
            )}
            {!backlit && <path d="M-4 7 Q0 10 4 7" stroke="#8a3b32" strokeWidth="1.2" fill="none" />}
          </g>
        ))}
      </g>
    </svg>
  );
}

const GOOD: Example[] = [
  {
    label: 'Face clear and in focus',
    props: { figures: [{ x: 40, y: 40, scale: 1 }], background: '#5b7391' },
  },
  {
    label: 'Different places and light',
    props: { figures: [{ x: 36, y: 42, scale: 0.9 }], background: '#b0876a' },
  },
  { label: 'Head and shoulders', props: { figures: [{ x: 42, y: 36, scale: 1.2 }], background: '#4f6b50' } },
];

const BAD: Example[] = [
  {
    label: 'Other people in the photo',
    props: {
      figures: [
        { x: 20, y: 46, scale: 0.65 },
        { x: 60, y: 44, scale: 0.65 },
        { x: 40, y: 50, scale: 0.6 },
      ],
      background: '#6b5f7c',
    },
  },
  { label: 'Blurred', props: { figures: [{ x: 40, y: 40, scale: 1 }], background: '#5b7391', blur: true } },
  {
    label: 'Face hidden',
    props: { figures: [{ x: 40, y: 40, scale: 1 }], background: '#8c6d5a', sunglasses: true },
  },
  {
    label: 'Face in shadow',
    props: { figures: [{ x: 40, y: 40, scale: 1 }], background: '#f4ead2', backlit: true },
  },
];

type Example = { label: string; props: ExampleProps };

/** One group of examples under its verdict. */
function ExampleGroup({
  title,
  icon,
  tone,
  columns,
  examples,
}: {
  title: string;
  icon: ReactNode;
  tone: string;
  columns: string;
  examples: Example[];
}) {
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className={`flex items-center gap-1.5 text-sm font-semibold ${tone}`}>
        {icon} {title}
      </figcaption>
      <ul className={`grid gap-2 ${columns}`}>
        {examples.map(({ label, props }) => (
          <li key={label} className="flex flex-col gap-1">
            <ExamplePhoto {...props} />
            <span className="text-xs text-muted">{label}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The upload guide's good and bad examples (spec 002 §2.6). */
export function ExamplePhotos() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ExampleGroup
        title="Good photos"
        icon={<Check className="size-4" aria-hidden="true" />}
        tone="text-success-text"
        columns="grid-cols-3"
        examples={GOOD}
      />
      <ExampleGroup
        title="Photos to avoid"
        icon={<X className="size-4" aria-hidden="true" />}
        tone="text-accent"
        columns="grid-cols-4"
        examples={BAD}
      />
    </div>
  );
}
