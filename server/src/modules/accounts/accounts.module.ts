import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createRateLimitsRepository } from '../../plugins/rate-limits.repository';
import type { StorageProvider } from '../../providers/storage/storage';
import { accountFunctionsRoutes } from './account-functions.routes';
import { createAccountsRepository } from './accounts.repository';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService, type AccountsServiceDeps } from './accounts.service';
import { createEmailVerificationRepository } from './email-verification.repository';
import { createEmailVerification } from './email-verification.service';
import { createInvitesRepository } from './invites.repository';
import { invitesRoutes } from './invites.routes';
import { createInvitesService } from './invites.service';
import { createLoginChallenge, type LoginChallengeDeps } from './login-challenge';
import { createLoginFailuresRepository } from './login-failures.repository';

export interface AccountsModuleDeps {
  db: Db;
  storage: StorageProvider;
  email: AccountsServiceDeps['email'];
  publicUrl: string;
  /** What other areas (forum votes, Kit presets) keep of the demo account, cleared at each demo login. */
  clearDemoWork: AccountsServiceDeps['clearDemoWork'];
  forgetListener: AccountsServiceDeps['forgetListener'];
  /** The forms area's captcha gate: verifies a token and redeems it once. */
  passCaptcha: LoginChallengeDeps['passCaptcha'];
}

/**
 * The accounts area: signup, login, sessions' account routes, settings, the spec's account
 * functions and listener invites (decision 0120). Returns its service: the Kit checks access
 * through it, billing reads accounts through it, payments' jobs discard temporary accounts.
 */
export async function registerAccounts(app: FastifyInstance, deps: AccountsModuleDeps) {
  const repository = createAccountsRepository(deps.db);
  const rateLimits = createRateLimitsRepository(deps.db);
  const invites = createInvitesService({ repository: createInvitesRepository(deps.db) });
  const countHit = async (key: string, windowMs: number) => (await rateLimits.hit(key, windowMs)).hits;
  const verification = createEmailVerification({
    repository: createEmailVerificationRepository(deps.db),
    email: deps.email,
    publicUrl: deps.publicUrl,
    log: app.log,
    countHit,
  });
  const service = createAccountsService({
    repository,
    storage: deps.storage,
    email: deps.email,
    publicUrl: deps.publicUrl,
    log: app.log,
    clearDemoWork: deps.clearDemoWork,
    forgetListener: deps.forgetListener,
    invites,
    loginChallenge: createLoginChallenge({
      failures: createLoginFailuresRepository(deps.db),
      passCaptcha: deps.passCaptcha,
    }),
    verification,
    countHit,
  });
  await app.register(accountsRoutes, { service, verification });
  await app.register(invitesRoutes, { service: invites });
  await app.register(accountFunctionsRoutes, { service });
  return { service };
}
