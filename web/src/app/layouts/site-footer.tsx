import { PRODUCT_NAME } from '@klang/domain';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { paths } from '../paths';

type FooterEntry = { label: string; to: string } | { label: string; to: null };

// Spec 000 §2: Careers, Press and Blog are shown greyed out and Cookie Policy is not linked;
// `to: null` marks an entry that is shown but leads nowhere yet.
const COLUMNS: { title: string; entries: FooterEntry[] }[] = [
  {
    title: 'Product',
    entries: [
      { label: 'How It Works', to: paths.howItWorks },
      { label: 'Roadmap', to: paths.roadmap },
    ],
  },
  {
    title: 'Company',
    entries: [
      { label: 'Our Story', to: paths.ourStory },
      { label: 'Careers', to: null },
      { label: 'Press', to: null },
      { label: 'Blog', to: null },
    ],
  },
  {
    title: 'Legal',
    entries: [
      { label: 'Terms of Service', to: paths.terms },
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Cookie Policy', to: null },
    ],
  },
  {
    title: 'Help',
    entries: [
      { label: 'Contact Us', to: paths.contact },
      { label: 'Report a Bug', to: paths.reportBug },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-bg">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 pt-14 pb-10 sm:px-8 lg:grid-cols-[1.2fr_2fr]">
        <div className="flex max-w-xs flex-col gap-4">
          <Link
            to={paths.home}
            aria-label={`${PRODUCT_NAME} home`}
            className="-m-1 self-start rounded-lg p-1"
          >
            <Logo isDecorative className="h-7" />
          </Link>
          <p className="text-sm leading-relaxed text-muted">
            Music without the name tag. Listen first, like what moves you, and only then meet the artist.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-4">
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="text-xs font-semibold tracking-[0.14em] text-fg uppercase">{column.title}</h2>
              <ul className="mt-4 flex flex-col gap-3 text-sm">
                {column.entries.map((entry) => (
                  <li key={entry.label}>
                    {entry.to === null ? (
                      <span aria-disabled="true" className="cursor-default text-greyed">
                        {entry.label}
                      </span>
                    ) : (
                      <Link to={entry.to} className="text-muted transition-colors hover:text-fg">
                        {entry.label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-line/60">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-5 py-6 text-[0.8125rem] text-muted sm:flex-row sm:items-center sm:justify-between sm:px-8">
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}. Made for independent music.
          </p>
          <ul className="flex gap-5">
            <li>
              <Link to={paths.about} className="transition-colors hover:text-fg">
                About
              </Link>
            </li>
            <li>
              <Link to={paths.faq} className="transition-colors hover:text-fg">
                FAQ
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
