import { ContactForm } from '../../features/forms/components/contact-form';
import { StaticPage } from '../components/static-page';

/** /report-bug (spec 000 §2, §5): the bug report with its captcha. */
export function Component() {
  return (
    <StaticPage
      title="Report a Bug"
      eyebrow="Help"
      lead="Something not working as it should? Tell us what happened and what you expected."
      width="narrow"
    >
      <ContactForm kind="bug" />
    </StaticPage>
  );
}
