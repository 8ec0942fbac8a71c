import { PRODUCT_NAME } from '@klang/domain';
import { CalendarHeart, Headphones, UsersRound, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn';
import { StaticPage } from '../components/static-page';
import { paths } from '../paths';

type Phase = {
  number: 1 | 2 | 3;
  status: string;
  isCurrent: boolean;
  Icon: LucideIcon;
  title: string;
  summary: string;
  items: readonly string[];
};

// Spec 000 §2: the three phases, in this order. No dates: we would rather ship than promise.
const PHASES: readonly Phase[] = [
  {
    number: 1,
    status: 'Now',
    isCurrent: true,
    Icon: Headphones,
    title: 'Matching music lovers to music',
    summary:
      'The foundation: a fair way for listeners to find music they love and for independent artists to be heard.',
    items: [
      'Blind listening in Discover, with the artist revealed on a like',
      'Charts ranked by likes, genre by genre, with no bots and no paid placements',
      'K-Points and the loyalty card',
      `Artist profiles, uploads, featured tracks and the ${PRODUCT_NAME} Kit`,
    ],
  },
  {
    number: 2,
    status: 'Next',
    isCurrent: false,
    Icon: UsersRound,
    title: 'Finding people with the same taste',
    summary: `Once ${PRODUCT_NAME} knows what moves you, it can introduce you to the people who are moved by the same things.`,
    items: [
      'Chat with listeners whose likes overlap with yours',
      'Group playlists built together with friends and taste-mates',
      'Local suggestions: music and listeners near you',
    ],
  },
  {
    number: 3,
    status: 'Later',
    isCurrent: false,
    Icon: CalendarHeart,
    title: 'Events and tickets',
    summary: 'From the headphones to the dance floor: meeting the artists you discovered, in person.',
    items: [
      'Gigs and club nights from artists in your library',
      'Ticket redemption with your K-Points',
      'Real-world meet-ups for the community',
    ],
  },
];

export function Component() {
  return (
    <StaticPage
      title="Roadmap"
      eyebrow="Where we are heading"
      lead={`${PRODUCT_NAME} grows in three phases: first music, then people, then the places where the two meet.`}
      width="narrow"
    >
      <ol className="relative flex flex-col gap-6">
        <span
          aria-hidden="true"
          className="absolute top-4 bottom-4 left-[1.375rem] w-px bg-line sm:left-[1.625rem]"
        />
        {PHASES.map(({ number, status, isCurrent, Icon, title, summary, items }) => (
          <li key={number} className="relative flex gap-4 sm:gap-6">
            <span
              className={cn(
                'relative z-10 grid size-11 shrink-0 place-items-center rounded-full border sm:size-13',
                isCurrent ? 'border-primary bg-primary text-on-primary' : 'border-line bg-surface text-muted',
              )}
            >
              <Icon aria-hidden="true" className="size-5 sm:size-6" />
            </span>
            <div
              className={cn(
                'flex flex-1 flex-col gap-4 rounded-3xl border bg-surface p-6',
                isCurrent ? 'border-primary/50' : 'border-line',
              )}
            >
              <div className="flex flex-wrap items-center gap-3">
                <span className="text-xs font-semibold tracking-[0.18em] text-muted uppercase">
                  Phase {number}
                </span>
                <span
                  className={cn(
                    'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                    isCurrent ? 'bg-primary text-on-primary' : 'bg-field text-muted',
                  )}
                >
                  {status}
                </span>
              </div>
              <h2 className="text-xl font-bold tracking-tight text-balance text-fg sm:text-2xl">{title}</h2>
              <p className="text-[0.9375rem] leading-relaxed text-muted">{summary}</p>
              <ul className="flex flex-col gap-2.5">
                {items.map((item) => (
                  <li key={item} className="flex gap-3 text-[0.9375rem] leading-snug text-fg">
                    <span
                      aria-hidden="true"
                      className={cn(
                        'mt-2 size-1.5 shrink-0 rounded-full',
                        isCurrent ? 'bg-primary' : 'bg-muted',
                      )}
                    />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-12 text-center text-[0.9375rem] text-muted">
        Have an idea that belongs on this list?{' '}
        <Link to={paths.contact} className="font-medium text-accent underline-offset-4 hover:underline">
          Tell us
        </Link>
        . The roadmap is shaped by the people who use {PRODUCT_NAME}.
      </p>
    </StaticPage>
  );
}
