import { accountFunctionsEndpoints } from '../accounts/account-functions.endpoints';
import { accountsEndpoints } from '../accounts/accounts.endpoints';
import { analyticsEndpoints } from '../analytics/analytics.endpoints';
import { adminEndpoints } from '../analytics/share-funnel';
import { catalogueEndpoints } from '../catalogue/catalogue.endpoints';
import { demoTracksEndpoints } from '../demo-tracks/demo-tracks.endpoints';
import { emailEndpoints } from '../email/email.endpoints';
import { followsEndpoints } from '../follows/follows.endpoints';
import { formsEndpoints } from '../forms/forms.endpoints';
import { forumEndpoints } from '../forum/forum.endpoints';
import { healthEndpoints } from '../health/health.endpoints';
import { hooksEndpoints } from '../analytics/hooks.endpoints';
import { kitEndpoints } from '../kit/kit.endpoints';
import { tutorEndpoints } from '../tutor/tutor.endpoints';
import { klangPacksEndpoints } from '../klang-packs/klang-packs.endpoints';
import { invitesEndpoints } from '../accounts/invites.endpoints';
import { loyaltyEndpoints } from '../loyalty/loyalty.endpoints';
import { paymentsEndpoints } from '../payments/payments.endpoints';
import { playerEndpoints } from '../player/player.endpoints';
import { subscribersEndpoints } from '../subscribers/subscribers.endpoints';
import { tracksEndpoints } from '../tracks/tracks.endpoints';

/**
 * Every endpoint of the contract, by name (decision 0220): one table per area in
 * `<area>.endpoints.ts`, merged here for what reads the whole contract (its tests, the route
 * table test). `endpoints.test.ts` holds the names and the method-and-path pairs unique, which a
 * spread alone would not. Routes and callers import their area's table (`playerEndpoints`):
 * the merged object would pull every area's schemas into the web app's first chunk.
 */
export const areaEndpoints = {
  player: playerEndpoints,
  loyalty: loyaltyEndpoints,
  health: healthEndpoints,
  follows: followsEndpoints,
  catalogue: catalogueEndpoints,
  forum: forumEndpoints,
  demoTracks: demoTracksEndpoints,
  invites: invitesEndpoints,
  forms: formsEndpoints,
  analytics: analyticsEndpoints,
  hooks: hooksEndpoints,
  admin: adminEndpoints,
  accounts: accountsEndpoints,
  accountFunctions: accountFunctionsEndpoints,
  subscribers: subscribersEndpoints,
  email: emailEndpoints,
  tracks: tracksEndpoints,
  kit: kitEndpoints,
  tutor: tutorEndpoints,
  klangPacks: klangPacksEndpoints,
  payments: paymentsEndpoints,
} as const;

export const endpoints = {
  ...playerEndpoints,
  ...loyaltyEndpoints,
  ...healthEndpoints,
  ...followsEndpoints,
  ...catalogueEndpoints,
  ...forumEndpoints,
  ...demoTracksEndpoints,
  ...invitesEndpoints,
  ...formsEndpoints,
  ...analyticsEndpoints,
  ...hooksEndpoints,
  ...adminEndpoints,
  ...accountsEndpoints,
  ...accountFunctionsEndpoints,
  ...subscribersEndpoints,
  ...emailEndpoints,
  ...tracksEndpoints,
  ...kitEndpoints,
  ...tutorEndpoints,
  ...klangPacksEndpoints,
  ...paymentsEndpoints,
};

export type Endpoints = typeof endpoints;
