import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsEndpoints, ACCOUNT_MESSAGES, LIMITS } from '@klang/domain';
import { AppError } from '../../errors';
import { contractRoute } from '../../lib/contract-route';
import { signedIn } from '../../plugins/session';
import type { AccountsService } from './accounts.service';
import type { EmailVerification } from './email-verification.service';

/**
 * Per-address limits (performance-and-security.md B4): checked in onRequest, before the body is
 * read and long before any Argon2 hashing. Tests assert these exact numbers.
 */
const IMAGE_TYPES = [...accountsEndpoints.uploadProfilePhoto.body.contentTypes];

/** HTTP only: sign-up, sign-in, sessions, password reset and the signed-in account's own settings. */
export const accountsRoutes: FastifyPluginAsyncZod<{
  service: AccountsService;
  verification: EmailVerification;
}> = async (app, { service, verification }) => {
  const { sessions, signup, passwords, profile } = service;
  // Profile photos arrive as the raw cropped JPEG (or PNG); anything past 5 MB is refused by
  // Fastify on Content-Length before it is read.
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: 'buffer', bodyLimit: LIMITS.imageMaxBytes },
    (_req, body, done) => {
      done(null, body);
    },
  );

  contractRoute(app, accountsEndpoints.accountSession, async (request) => ({
    session: request.account ? await sessions.appSession(request.account.id) : null,
  }));

  contractRoute(app, accountsEndpoints.signupListener, async (request, reply) => {
    const id = await signup.signupListener(request.body);
    await app.startSession(reply, request, id);
    return reply.status(201).send(await sessions.session(id));
  });

  contractRoute(app, accountsEndpoints.signupArtist, async (request, reply) => {
    const id = await signup.signupArtist(request.body);
    await app.startSession(reply, request, id);
    return reply.status(201).send(await sessions.session(id));
  });

  contractRoute(app, accountsEndpoints.login, async (request, reply) => {
    const { identifier, password, captchaToken } = request.body;
    const id = await sessions.login(identifier, password, request.ip, captchaToken);
    await app.startSession(reply, request, id);
    return sessions.session(id);
  });

  contractRoute(app, accountsEndpoints.logout, async (request, reply) => {
    await app.endSession(reply, request);
    return reply.status(204).send(null);
  });

  contractRoute(app, accountsEndpoints.requestPasswordReset, async (request) => {
    await passwords.requestPasswordReset(request.body.email, request.ip);
    return { ok: true as const };
  });

  contractRoute(app, accountsEndpoints.checkPasswordResetToken, async (request) => ({
    valid: await passwords.isResetTokenValid(request.body.token),
  }));

  contractRoute(app, accountsEndpoints.confirmPasswordReset, async (request) => {
    await passwords.confirmPasswordReset(request.body.token, request.body.password);
    return { ok: true as const };
  });

  contractRoute(app, accountsEndpoints.verifyEmail, async (request) => {
    await verification.confirm(request.body.token);
    return { ok: true as const };
  });

  contractRoute(app, accountsEndpoints.resendVerification, async (request) => {
    await verification.resend(signedIn(request.account));
    return { ok: true as const };
  });

  contractRoute(app, accountsEndpoints.changePassword, async (request) => {
    const account = signedIn(request.account);
    await passwords.changePassword(
      account,
      request.body.currentPassword,
      request.body.newPassword,
      request.sessionTokenHash,
    );
    return { ok: true as const };
  });

  contractRoute(app, accountsEndpoints.updateProfile, async (request) =>
    profile.updateProfile(signedIn(request.account), request.body),
  );

  contractRoute(
    app,
    accountsEndpoints.uploadProfilePhoto,
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', ACCOUNT_MESSAGES.imageInvalid);
      return { profileImageUrl: await profile.setProfileImage(signedIn(request.account), request.body) };
    },
    {
      bodyLimit: LIMITS.imageMaxBytes,
      // Fastify's own 413 and 415 carry its wording; the screen shows the spec's instead.
      errorHandler: (error, request, reply) => {
        const mapped =
          error.statusCode === 413
            ? new AppError('PAYLOAD_TOO_LARGE', ACCOUNT_MESSAGES.imageTooLarge)
            : error.statusCode === 415
              ? new AppError('UNSUPPORTED_MEDIA_TYPE', ACCOUNT_MESSAGES.imageInvalid)
              : error;
        app.errorHandler(mapped, request, reply);
      },
    },
  );
};
