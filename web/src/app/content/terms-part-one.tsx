import { LIMITS, PRO_PLAN, PRODUCT_NAME, TIER_LIMITS } from '@klang/domain';
import { Link } from 'react-router';
import { paths } from '../paths';

/** Sections 1 to 8 of the Terms of Service (spec 000 §2: effective 2 June 2025, ages). */
export function TermsPartOne() {
  return (
    <>
      <h2>1. About these terms</h2>
      <p>
        These terms are the agreement between you and {PRODUCT_NAME} (“{PRODUCT_NAME}”, “we”, “us”) for your
        use of the {PRODUCT_NAME} website, app and related services (the “Service”). By creating an account or
        using the Service you agree to them. If you do not agree, please do not use the Service.
      </p>
      <p>
        Our <Link to={paths.privacy}>Privacy Policy</Link> explains how we handle your personal data and forms
        part of these terms.
      </p>

      <h2>2. Who can use {PRODUCT_NAME}</h2>
      <ul>
        <li>
          You must be at least {LIMITS.minimumAge} years old, or older if the age of digital consent where you
          live is higher, to use the Service.
        </li>
        <li>
          If you are under 18, you need the permission of a parent or guardian, who agrees to these terms on
          your behalf and is responsible for your use of the Service.
        </li>
        <li>
          You may not use the Service if we have previously closed your account for breaking these terms, or
          if the law where you live forbids it.
        </li>
      </ul>

      <h2>3. Your account</h2>
      <ul>
        <li>Give accurate information when you sign up, and keep it up to date.</li>
        <li>
          Keep your password private. You are responsible for what happens under your account; tell us at once
          through the <Link to={paths.contact}>contact form</Link> if you think someone else has used it.
        </li>
        <li>An account is for one person. Do not share it, sell it or transfer it.</li>
        <li>
          Choose a username and artist name that do not impersonate anyone or infringe anyone’s rights. We may
          ask you to change a name that does.
        </li>
      </ul>

      <h2>4. Listening on {PRODUCT_NAME}</h2>
      <p>
        {PRODUCT_NAME} plays tracks anonymously: the artist and title are revealed only after you like a
        track. The Service is for your personal, non-commercial listening. You agree not to:
      </p>
      <ul>
        <li>record, download, copy or redistribute the audio streamed to you;</li>
        <li>try to discover who made a track before liking it, or help others to do so;</li>
        <li>
          use bots, scripts, multiple accounts or any other means to like, skip, play or follow automatically,
          or to influence the charts in any way other than genuine listening.
        </li>
      </ul>
      <p>
        Chart positions reflect likes from real listeners. We may discount activity that we reasonably believe
        is not genuine, and correct the charts accordingly.
      </p>

      <h2>5. K-Points and loyalty tiers</h2>
      <ul>
        <li>
          You earn K-Points for activity such as rating, liking and adding tracks, listening and visiting
          daily, under the rules shown on <Link to={paths.howItWorks}>How It Works</Link>. Your points total
          sets your membership tier.
        </li>
        <li>
          <strong>K-Points have no cash value.</strong> They cannot be bought, sold, transferred or exchanged
          for money, and they are not property or a financial product.
        </li>
        <li>
          Points can be redeemed only for the rewards we offer at the time, such as event tickets, ticket
          raffles and merchandise, subject to availability and any conditions stated with the reward.
        </li>
        <li>
          We may correct points awarded in error and remove points earned by breaking these terms. We may
          change the points programme, giving you reasonable notice of any change that affects points you
          already hold.
        </li>
        <li>Points end when your account is closed.</li>
      </ul>

      <h2>6. Artist accounts and uploads</h2>
      <h3>What you may upload</h3>
      <ul>
        <li>
          Original music only. You must own, or have every permission needed for, everything in what you
          upload: the recording, the composition, any samples, the cover art and any photos.
        </li>
        <li>
          Audio must be MP3, WAV, M4A or MP4, up to {Math.round(LIMITS.audioMaxBytes / (1024 * 1024))} MB per
          file; images must be JPEG or PNG, up to {Math.round(LIMITS.imageMaxBytes / (1024 * 1024))} MB.
        </li>
        <li>
          Uploads must not be unlawful, hateful, sexually explicit, defamatory, or infringe anyone’s rights,
          and must not contain malware.
        </li>
      </ul>
      <h3>Who owns what</h3>
      <p>
        You keep full ownership of your music and artwork, and {PRODUCT_NAME} takes no royalties. By
        uploading, you give us a non-exclusive, worldwide, royalty-free licence to store, copy, convert (for
        example, to a streaming format with its metadata removed), stream and display your content within the
        Service, and to use short excerpts and artwork to promote the Service. The licence ends when you
        delete the content or your account, apart from copies in backups, which are removed on their normal
        cycle.
      </p>
      <h3>Featuring and limits</h3>
      <p>
        A free artist account may upload {TIER_LIMITS.free.uploads} tracks and feature{' '}
        {TIER_LIMITS.free.featured} in the player; Artist Pro allows unlimited uploads and up to{' '}
        {TIER_LIMITS.pro.featured} featured tracks. Deleting a track removes it from the player, the charts
        and your profile, and deletes its statistics.
      </p>

      <h2>7. Subscriptions and payments</h2>
      <ul>
        <li>
          Artist Pro costs {PRO_PLAN.priceLabel} per month. Any free trial offered at checkout is shown before
          you pay; if you do not cancel before the trial ends, the subscription starts and you are charged.
        </li>
        <li>
          Payments are taken by our payment provider, monthly in advance, and renew automatically until you
          cancel. We never see or store your full card details.
        </li>
        <li>
          You can cancel at any time. You keep Pro features until the end of the period you have paid for, and
          we do not refund part-periods except where the law requires it.
        </li>
        <li>
          If you are a consumer in the UK or the EU you may have a right to cancel within 14 days of
          subscribing. By starting to use Pro features straight away, you ask us to provide them during that
          period, and if you then cancel we may charge for the part of the service already provided.
        </li>
        <li>
          We may change the price with at least 30 days’ notice; the new price applies from your next billing
          period, and you can cancel before it does.
        </li>
        <li>
          When a subscription or trial ends, your account returns to the free plan. Nothing is deleted, but
          new uploads and features follow the free limits.
        </li>
      </ul>

      <h2>8. The {PRODUCT_NAME} Kit and AI tools</h2>
      <ul>
        <li>
          The Kit’s tools generate sounds, vocals, answers and images with automated systems. Their output can
          be inaccurate or unexpected; check it before you rely on it or release it.
        </li>
        <li>
          You are responsible for what you create and how you use it. Do not use the tools to make anything
          unlawful, infringing, deceptive or harmful, or to imitate a real person’s voice without their
          consent.
        </li>
        <li>
          Upload photos for character packs only of yourself, or of someone who has given you their clear
          permission.
        </li>
        <li>We do not claim ownership of what you create with the tools.</li>
      </ul>
    </>
  );
}
