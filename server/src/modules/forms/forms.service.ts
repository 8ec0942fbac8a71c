import { FORM_MESSAGES, validateContactForm, type BugReport, type ContactSubmission } from '@klang/domain';
import { AppError } from '../../errors';
import type { CaptchaProvider } from '../../providers/captcha/captcha';
import type { createEmailService } from '../email/email.service';
import type { createFormsRepository } from './forms.repository';

export interface FormsServiceDeps {
  repository: ReturnType<typeof createFormsRepository>;
  captcha: CaptchaProvider;
  email: Pick<ReturnType<typeof createEmailService>, 'send'>;
  teamEmail: string;
}

/**
 * A captcha token accepted once: verified by the configured provider, then its solved challenge
 * redeemed before anything it guards happens, so a replayed token is refused. The forms use it,
 * and the accounts area's sign-in challenge is given it (decision 0253).
 */
export function createCaptchaGate(deps: Pick<FormsServiceDeps, 'repository' | 'captcha'>) {
  return async (token: string, remoteIp: string | undefined): Promise<boolean> => {
    const pass = await deps.captcha.verify(token, remoteIp);
    return pass !== null && (await deps.repository.redeemCaptcha(pass.redemptionKey, pass.expiresAt));
  };
}

/**
 * The contact and bug forms (spec 000 §4 Forms, §5 order of rules). Every rule is checked here
 * whatever the browser did, and a captcha is accepted once: the solved challenge is redeemed
 * before the row is written, so a replayed token is refused.
 */
export function createFormsService(deps: FormsServiceDeps) {
  const captchaPasses = createCaptchaGate(deps);
  async function passCaptcha(token: string, remoteIp: string | undefined): Promise<void> {
    if (!(await captchaPasses(token, remoteIp))) {
      throw new AppError('VALIDATION_FAILED', FORM_MESSAGES.captchaInvalid, {
        captcha_token: FORM_MESSAGES.captchaInvalid,
      });
    }
  }

  function check(
    form: Parameters<typeof validateContactForm>[0],
    kind: 'contact' | 'bug',
    bodyField: string,
  ) {
    const problem = validateContactForm(form, kind);
    if (!problem) return;
    const field = { name: 'name', email: 'email', body: bodyField, captcha: 'captcha_token' }[problem.field];
    throw new AppError('VALIDATION_FAILED', problem.message, { [field]: problem.message });
  }

  return {
    async submitContact(body: ContactSubmission, remoteIp: string | undefined): Promise<void> {
      check(
        { name: body.name, email: body.email, body: body.message, captcha: body.captcha_token },
        'contact',
        'message',
      );
      const token = body.captcha_token ?? '';
      await passCaptcha(token, remoteIp);
      const row = {
        name: (body.name ?? '').trim(),
        email: (body.email ?? '').trim().toLowerCase(),
        message: (body.message ?? '').trim(),
        captchaToken: token,
      };
      await deps.repository.insertContact(row);
      await deps.email.send({
        template: 'team-contact',
        to: deps.teamEmail,
        subject: `Contact form: ${oneLine(row.name)}`,
        text: `From: ${row.name} <${row.email}>\n\n${row.message}\n`,
      });
    },
    async submitBugReport(body: BugReport, remoteIp: string | undefined): Promise<void> {
      check(
        { name: body.name, email: body.email, body: body.description, captcha: body.captcha_token },
        'bug',
        'description',
      );
      const token = body.captcha_token ?? '';
      await passCaptcha(token, remoteIp);
      const row = {
        name: (body.name ?? '').trim(),
        email: (body.email ?? '').trim().toLowerCase(),
        description: (body.description ?? '').trim(),
        captchaToken: token,
      };
      await deps.repository.insertBugReport(row);
      await deps.email.send({
        template: 'team-bug-report',
        to: deps.teamEmail,
        subject: `Bug report: ${oneLine(row.name)}`,
        text: `From: ${row.name} <${row.email}>\n\n${row.description}\n`,
      });
    },
  };
}

/** A visitor's name goes into a Subject header: no line breaks, and not too long. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').slice(0, 80);
}
