import { ContactForm } from '../../features/forms/components/contact-form';
import { StaticPage } from '../components/static-page';

/** /contact (spec 000 §2, §5): the contact form with its captcha. */
export function Component() {
  return (
    <StaticPage
      title="Contact Us"
      eyebrow="Contact"
      lead="Questions, ideas or press enquiries: send us a message and we will reply by email."
      width="narrow"
    >
      <ContactForm kind="contact" />
    </StaticPage>
  );
}
