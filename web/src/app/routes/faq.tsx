import { PRODUCT_NAME } from '@klang/domain';
import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { Link } from 'react-router';
import { StaticPage } from '../components/static-page';
import { FAQ_SECTIONS } from '../content/faq';
import { paths } from '../paths';

const ALL_SECTIONS = FAQ_SECTIONS.map((section) => section.id);

/** Spec 002 §2.10: two collapsible sections, Listeners and Artists, both open to begin with. */
export function Component() {
  return (
    <StaticPage
      title="Frequently Asked Questions"
      eyebrow="FAQ"
      lead={`Everything you might want to know about listening blind, the charts and putting your music on ${PRODUCT_NAME}.`}
      width="narrow"
    >
      <Accordion.Root type="multiple" defaultValue={ALL_SECTIONS} className="flex flex-col gap-4">
        {FAQ_SECTIONS.map((section) => (
          <Accordion.Item
            key={section.id}
            value={section.id}
            className="overflow-hidden rounded-3xl border border-line bg-surface"
          >
            <Accordion.Header asChild>
              <h2>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-xl font-bold tracking-tight text-fg transition-colors hover:bg-field/60">
                  <span className="flex items-baseline gap-3">
                    {section.title}
                    <span className="text-sm font-medium text-muted">{section.entries.length} questions</span>
                  </span>
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-muted transition-transform duration-200 group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content className="overflow-hidden data-[state=closed]:animate-close data-[state=open]:animate-open">
              <dl className="flex flex-col border-t border-line">
                {section.entries.map((entry) => (
                  <div
                    key={entry.question}
                    className="flex flex-col gap-2 border-b border-line/70 px-6 py-5 last:border-b-0"
                  >
                    <dt className="text-base font-semibold text-fg">{entry.question}</dt>
                    <dd className="text-[0.9375rem] leading-relaxed text-muted">
                      {entry.answer}
                      {entry.link && (
                        <>
                          {' '}
                          <Link
                            to={entry.link.to}
                            className="font-medium text-accent underline underline-offset-4 hover:no-underline"
                          >
                            {entry.link.label}
                          </Link>
                        </>
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <p className="mt-10 text-center text-[0.9375rem] text-muted">
        Still curious?{' '}
        <Link to={paths.contact} className="font-medium text-accent underline-offset-4 hover:underline">
          Get in touch
        </Link>{' '}
        and a real person will answer.
      </p>
    </StaticPage>
  );
}
