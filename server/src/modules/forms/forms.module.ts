import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createFormsRepository } from './forms.repository';
import { formsRoutes } from './forms.routes';
import { createCaptchaGate, createFormsService, type FormsServiceDeps } from './forms.service';

export interface FormsModuleDeps extends Pick<FormsServiceDeps, 'captcha' | 'email' | 'teamEmail'> {
  db: Db;
}

/** The public site's contact and bug forms, and the captcha challenge they need. */
export async function registerForms(app: FastifyInstance, deps: FormsModuleDeps): Promise<void> {
  const { captcha } = deps;
  await app.register(formsRoutes, {
    captcha,
    service: createFormsService({
      repository: createFormsRepository(deps.db),
      captcha,
      email: deps.email,
      teamEmail: deps.teamEmail,
    }),
  });
}

/**
 * The captcha gate on its own, for another area to check a captcha with (the sign-in challenge,
 * decision 0253): a token passes once; the redemption stays in this area's table.
 */
export function formsCaptchaGate(deps: Pick<FormsModuleDeps, 'db' | 'captcha'>) {
  return createCaptchaGate({ repository: createFormsRepository(deps.db), captcha: deps.captcha });
}
