import { PRODUCT_NAME } from '@klang/domain';
import { Link } from 'react-router';
import { StaticPage } from '../components/static-page';
import { paths } from '../paths';

export function Component() {
  return (
    <StaticPage
      title="Our Story"
      eyebrow={`Why ${PRODUCT_NAME} exists`}
      lead={`We built ${PRODUCT_NAME} because great music kept losing to famous names. So we took the names away.`}
    >
      <h2>The problem with the name tag</h2>
      <p>
        Think about the last time you skipped a track. Was it the music, or was it the name you did not
        recognise? Most music discovery today runs on reputation: play counts, follower numbers, playlists
        built around artists people already know. It works brilliantly for the famous. For everyone else, a
        brilliant track can be skipped before its first drop, simply because the name on it meant nothing yet.
      </p>
      <p>
        We kept meeting producers with records that deserved a room full of people and got a handful of plays,
        and listeners who were tired of hearing the same twenty artists wherever they looked. Both sides
        wanted the same thing: a fair hearing.
      </p>

      <h2>One rule: you hear it first</h2>
      <p>
        <strong>{PRODUCT_NAME}</strong> is German for sound, and sound is the only thing we show you at the
        start. In Discover, every track plays without its artist, title or cover. You decide with your ears.
        Like it, and the artist is revealed; skip it, and nobody is any the wiser. The charts follow the same
        rule: they rank tracks by the likes of listeners who heard them blind, and you only see the names
        behind the tracks you have liked yourself.
      </p>
      <p>
        That rule is not a trick of the interface. Our servers never send a listener the name of an artist
        they have not liked yet, so there is nothing to peek at and no way to game it.
      </p>

      <h2>Built for independent artists</h2>
      <p>
        If you make music, {PRODUCT_NAME} gives you a stage where the only thing that counts is the track. You
        keep full ownership of your work and we take no royalties. You choose which tracks listeners hear, see
        where they chart, and get a set of production tools, the {PRODUCT_NAME} Kit, to help you make the next
        one.
      </p>

      <h2>And for people who love finding things first</h2>
      <p>
        Listeners earn K-Points for every swipe, like and minute of listening, climbing from Community to
        Black on the loyalty card. Those points are meant to come back to the music: event tickets,
        merchandise and, in time, nights out with the artists you discovered before anyone else did.
      </p>

      <h2>Where we are going</h2>
      <p>
        We are starting with the music. Next comes connecting people with the same taste, then events you can
        pay for with your points. The <Link to={paths.roadmap}>roadmap</Link> has the details, and if you have
        thoughts on what we should build, we would genuinely like to <Link to={paths.contact}>hear them</Link>
        .
      </p>
      <p>Thanks for listening.</p>
    </StaticPage>
  );
}
