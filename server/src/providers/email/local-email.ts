import { composeEmail } from './compose-message';
import type { EmailProvider } from './email';

/**
 * The offline email provider: it renders the message exactly as SMTP would carry it and hands
 * it back; the email service keeps it in the outbox, shown at /dev/mailbox. Nothing is sent.
 */
export function createLocalEmail(): EmailProvider {
  return {
    name: 'local',
    async send(message) {
      const { messageId, raw } = await composeEmail(message);
      return { messageId, raw };
    },
  };
}
