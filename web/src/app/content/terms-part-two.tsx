import { PRODUCT_NAME } from '@klang/domain';
import { Link } from 'react-router';
import { paths } from '../paths';

/** Sections 9 to 17 of the Terms of Service. */
export function TermsPartTwo() {
  return (
    <>
      <h2>9. The forum and community conduct</h2>
      <p>The forum is for musicians and listeners to help each other. When you post or reply:</p>
      <ul>
        <li>be respectful; disagree with ideas, not people;</li>
        <li>
          do not harass, threaten, bully or demean anyone, and do not post hateful, sexually explicit or
          violent content;
        </li>
        <li>do not spam, advertise without permission, or post links to malware or scams;</li>
        <li>
          do not share anyone’s personal information without their consent, or pretend to be someone else;
        </li>
        <li>do not post anything unlawful or anything that infringes someone’s rights.</li>
      </ul>
      <p>
        Posting anonymously hides your name from other members, but the rules still apply: we keep a private
        record of who wrote each post so that we can enforce them. Moderators may remove posts and replies,
        lock or pin threads, and suspend members who break these rules. You keep ownership of what you post
        and give us a licence to display it within the Service.
      </p>

      <h2>10. Reporting content and copyright</h2>
      <p>
        If you believe something on {PRODUCT_NAME} infringes your copyright or breaks these terms, tell us
        through the <Link to={paths.contact}>contact form</Link>. For copyright, include your contact details,
        the work you own, where the infringing material is, and a statement that your complaint is accurate
        and made in good faith. We act promptly on valid notices, and we close the accounts of repeat
        infringers.
      </p>

      <h2>11. Keeping {PRODUCT_NAME} safe</h2>
      <p>You agree not to:</p>
      <ul>
        <li>access another person’s account, or any part of the Service you are not meant to;</li>
        <li>probe, scan or test the Service’s security, except through a responsible disclosure to us;</li>
        <li>scrape, copy or harvest content or data from the Service by automated means;</li>
        <li>overload or disrupt the Service, or interfere with other people’s use of it;</li>
        <li>reverse engineer the Service, except where the law allows it despite this restriction.</li>
      </ul>
      <p>
        If you find a security issue, please <Link to={paths.reportBug}>report it to us</Link> privately so we
        can fix it.
      </p>

      <h2>12. Our content</h2>
      <p>
        The {PRODUCT_NAME} name, logo, design and software belong to us or our licensors. These terms do not
        give you any right to use them, except as needed to use the Service normally.
      </p>

      <h2>13. Changes to the Service</h2>
      <p>
        {PRODUCT_NAME} is growing, and features will come, change and occasionally go. We work to keep the
        Service available and secure, but we cannot promise it will always be uninterrupted or free of errors.
        If we make a change that significantly reduces what you pay for, we will tell you in advance and you
        can cancel.
      </p>

      <h2>14. Closing your account</h2>
      <ul>
        <li>
          You can delete your account at any time from your account settings. Deletion removes your profile,
          listening history, follows, votes, uploaded files and sessions, and takes your tracks off the
          player, the charts and artist pages straight away.
        </li>
        <li>
          We may suspend or close your account if you seriously or repeatedly break these terms, if the law
          requires it, or to protect other members or the Service. Where reasonable, we will tell you why and
          give you the chance to respond.
        </li>
        <li>
          If we close a paid account without a good reason under these terms, we will refund any unused part
          of the period you paid for.
        </li>
      </ul>

      <h2>15. Our responsibility to you</h2>
      <ul>
        <li>
          Nothing in these terms limits our liability for death or personal injury caused by our negligence,
          for fraud, or for anything else the law does not allow us to limit. Your legal rights as a consumer
          are not affected.
        </li>
        <li>
          We are responsible for loss you suffer that is a foreseeable result of our breaking these terms or
          failing to use reasonable care. We are not responsible for loss that was not foreseeable, for
          business losses, or for loss caused by events outside our reasonable control.
        </li>
        <li>
          Where the law allows, our total liability to you is limited to the greater of the amount you paid us
          in the 12 months before the claim and £100.
        </li>
      </ul>

      <h2>16. Changes to these terms</h2>
      <p>
        We may update these terms as the Service develops or the law changes. We will give you notice of
        significant changes, by email or in the app, before they take effect. If you keep using the Service
        after that, the new terms apply; if you do not agree, you can close your account.
      </p>

      <h2>17. Law, disputes and contact</h2>
      <p>
        These terms are governed by the law of England and Wales, and disputes go to its courts. If you live
        elsewhere in the UK or in the EU, you also keep the protection of your local law and may bring
        proceedings in your local courts.
      </p>
      <p>
        If something is wrong, please talk to us first through the{' '}
        <Link to={paths.contact}>contact form</Link>: most problems are quicker to solve that way.
      </p>
    </>
  );
}
