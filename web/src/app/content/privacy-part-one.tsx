import { PRODUCT_NAME } from '@klang/domain';

/** Sections 1 to 4 of the Privacy Policy: who we are, what we collect, what we do not, and why. */
export function PrivacyPartOne() {
  return (
    <>
      <h2>1. Who we are</h2>
      <p>
        {PRODUCT_NAME} is a music discovery platform for listeners and independent artists. For the personal
        data described here, {PRODUCT_NAME} is the controller: we decide how and why it is used, and we are
        responsible for protecting it. This policy applies to the {PRODUCT_NAME} website, app and related
        services.
      </p>

      <h2>2. What we collect</h2>
      <h3>Information you give us</h3>
      <ul>
        <li>
          <strong>Account details:</strong> email address, username, password (stored only as a one-way hash
          we cannot read), and whether you are a listener or an artist.
        </li>
        <li>
          <strong>Profile details:</strong> for artists, artist name, bio, Instagram and website links, and a
          profile photo if you add one.
        </li>
        <li>
          <strong>What you upload:</strong> tracks, cover art, titles, genres and labels; photos for character
          packs; and prompts you write for the {PRODUCT_NAME} Kit.
        </li>
        <li>
          <strong>What you post:</strong> forum posts, replies and votes.
        </li>
        <li>
          <strong>Messages and forms:</strong> what you send through the contact, bug report and interest
          forms, including your name, email address and, on the interest form, your role, genre, iOS beta
          interest and marketing choice.
        </li>
      </ul>
      <h3>Information created as you use {PRODUCT_NAME}</h3>
      <ul>
        <li>
          <strong>Listening activity:</strong> the tracks played to you, your likes and skips, your library,
          the artists you follow, listening time, K-Points and tier.
        </li>
        <li>
          <strong>Subscription status:</strong> your plan, trial dates and whether payments are up to date.
          Card details are handled by our payment provider; we never receive your full card number.
        </li>
        <li>
          <strong>First-party analytics:</strong> when you open a page we record its path (never its query),
          the website that sent you (its address only, without the page), and a random visitor identifier kept
          in your browser’s local storage. This tells us which pages are used, and nothing about you elsewhere
          on the web.
        </li>
        <li>
          <strong>Technical logs:</strong> IP address, browser type and request identifiers, kept briefly to
          keep the Service secure and to investigate faults.
        </li>
      </ul>
      <h3>Kept on your device</h3>
      <p>
        Some things stay in your browser and are not sent to us unless needed: your theme, the visitor
        identifier, your sign-in state, the player’s position, and your conversations with the AI tutor (the
        text of a question is sent only to answer it). We use one strictly necessary cookie to keep you signed
        in.
      </p>

      <h2>3. What we do not do</h2>
      <ul>
        <li>We use no third-party trackers, advertising networks or analytics services.</li>
        <li>We do not sell your personal data, or share it for advertising.</li>
        <li>We do not follow you across other websites or apps.</li>
        <li>
          We never reveal to a listener which artist made a track before they like it, and we do not tell
          artists which individual listeners skipped their music.
        </li>
      </ul>

      <h2>4. Why we use it</h2>
      <p>Under UK and EU data protection law, we rely on these grounds:</p>
      <ul>
        <li>
          <strong>To provide the Service you asked for</strong> (our contract with you): your account,
          playback, likes and library, charts, points, uploads, subscriptions and the forum.
        </li>
        <li>
          <strong>Our legitimate interests</strong>, balanced against yours: keeping the Service secure and
          the charts free of bots, understanding which pages are used through first-party analytics, and
          answering your messages.
        </li>
        <li>
          <strong>Your consent:</strong> marketing emails, which you can stop at any time with the unsubscribe
          link in each one.
        </li>
        <li>
          <strong>Legal obligations:</strong> for example, keeping payment records for tax purposes.
        </li>
      </ul>
    </>
  );
}
