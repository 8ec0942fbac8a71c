import { z } from 'zod';
import {
  bugReportSchema,
  captchaConfigSchema,
  contactSubmissionSchema,
  formSubmittedSchema,
} from './forms.schema';
import { defineEndpoints, endpoint } from '../contract/endpoint';
import { perAddress } from '../contract/policy';

const tags = ['forms'];

/** The public site's forms and their captcha (spec 000 §7): public, no session. */
export const formsEndpoints = defineEndpoints({
  captchaConfig: endpoint({
    method: 'GET',
    path: '/api/forms/captcha/config',
    policy: { access: 'public', limit: null },
    response: { 200: captchaConfigSchema },
    tags,
    summary: 'Which captcha the forms show',
  }),
  /** Fetched by the ALTCHA widget itself, from the URL the captcha config names. */
  captchaChallenge: endpoint({
    method: 'GET',
    path: '/api/forms/captcha/challenge',
    // A challenge is single-use and signed with an expiry: never let a cache hand it out twice.
    policy: { access: 'public', limit: perAddress(60, '1 minute'), cache: 'no-store' },
    response: { 200: z.unknown() },
    tags,
    summary: 'A fresh ALTCHA proof-of-work challenge',
  }),
  submitContact: endpoint({
    method: 'POST',
    path: '/rest/v1/contact_submissions',
    policy: { access: 'public', limit: perAddress(10, '10 minutes'), dialect: 'rest' },
    body: contactSubmissionSchema,
    response: { 201: formSubmittedSchema },
    tags,
    summary: 'Send the contact form (spec 000 §7, Insert contact_submissions)',
  }),
  submitBugReport: endpoint({
    method: 'POST',
    path: '/rest/v1/bug_reports',
    policy: { access: 'public', limit: perAddress(10, '10 minutes'), dialect: 'rest' },
    body: bugReportSchema,
    response: { 201: formSubmittedSchema },
    tags,
    summary: 'Send a bug report (spec 000 §7, Insert bug_reports)',
  }),
});
