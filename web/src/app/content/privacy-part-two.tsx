import { LIMITS, PRODUCT_NAME } from '@klang/domain';
import { Link } from 'react-router';
import { paths } from '../paths';

/** Sections 5 to 12 of the Privacy Policy: sharing, retention, rights, children and contact. */
export function PrivacyPartTwo() {
  return (
    <>
      <h2>5. Who we share it with</h2>
      <ul>
        <li>
          <strong>Other members</strong> see what is meant to be public: an artist’s public profile, the names
          behind tracks (only to listeners who have liked them), forum posts under your name unless you post
          anonymously, and chart positions.
        </li>
        <li>
          <strong>Service providers</strong> who work for us under contract and only on our instructions:
          hosting and storage, email delivery, payments, spam protection on the contact and bug report forms,
          and the AI providers that power the {PRODUCT_NAME} Kit, which receive only what a request needs.
        </li>
        <li>
          <strong>Authorities</strong>, when the law requires it or to protect someone’s safety.
        </li>
      </ul>
      <p>
        Where a provider processes data outside the UK or the European Economic Area, we use the legal
        safeguards the law requires, such as standard contractual clauses.
      </p>

      <h2>6. How long we keep it</h2>
      <ul>
        <li>
          <strong>Your account and everything tied to it</strong> for as long as you have the account. When
          you delete it, your profile, listening history, follows, votes, forum authorship links, character
          packs, uploaded files and sessions are deleted from the live Service straight away, and from backups
          within 30 days.
        </li>
        <li>
          <strong>Page-view analytics</strong> for up to 13 months, after which they are deleted or kept only
          as totals that identify nobody.
        </li>
        <li>
          <strong>Technical logs</strong> for up to 30 days, unless needed to investigate a security incident.
        </li>
        <li>
          <strong>Messages to us</strong> (contact and bug reports) for up to 2 years, so we can follow up.
        </li>
        <li>
          <strong>Interest registrations</strong> until you unsubscribe or ask us to delete them.
        </li>
        <li>
          <strong>Payment records</strong> for as long as tax law requires, usually 6 years.
        </li>
      </ul>

      <h2>7. Your rights</h2>
      <p>You have the right to:</p>
      <ul>
        <li>get a copy of the personal data we hold about you;</li>
        <li>have inaccurate data corrected, much of which you can do yourself in your settings;</li>
        <li>have your data deleted, which you can do at once by deleting your account;</li>
        <li>object to, or ask us to restrict, how we use your data;</li>
        <li>receive the data you gave us in a portable format;</li>
        <li>withdraw consent, such as to marketing emails, at any time.</li>
      </ul>
      <p>
        To use any of these rights, <Link to={paths.contact}>contact us</Link>. We will answer within one
        month. If you are unhappy with how we handle your data, you can complain to the Information
        Commissioner’s Office (ico.org.uk) in the UK, or to the data protection authority where you live,
        though we would welcome the chance to put things right first.
      </p>

      <h2>8. Children</h2>
      <p>
        {PRODUCT_NAME} is not for children under {LIMITS.minimumAge}, or under the age of digital consent
        where they live if that is higher. Members under 18 need a parent’s or guardian’s permission. If we
        learn that we hold data about a child who should not have an account, we delete it.
      </p>

      <h2>9. Security</h2>
      <p>
        We protect your data with encrypted connections, hashed passwords, access controls and short-lived
        signed links for audio. No system is perfectly secure, so if you notice anything suspicious, please{' '}
        <Link to={paths.reportBug}>report it</Link>.
      </p>

      <h2>10. Changes to this policy</h2>
      <p>
        We will update this policy when what we do with data changes. If a change matters, we will tell you by
        email or in the app before it takes effect.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about privacy are always welcome: write to us through the{' '}
        <Link to={paths.contact}>contact form</Link> and a person, not a bot, will reply.
      </p>
    </>
  );
}
