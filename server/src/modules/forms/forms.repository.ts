import type { Queryable } from '../../db/client';

export function createFormsRepository(db: Queryable) {
  return {
    /** Records a solved challenge; false when it was redeemed before (a replay). */
    async redeemCaptcha(key: string, expiresAt: Date): Promise<boolean> {
      await db.query('delete from captcha_redemptions where expires_at < now()');
      const rows = await db.query(
        `insert into captcha_redemptions (challenge_hash, expires_at) values ($1, $2)
         on conflict (challenge_hash) do nothing returning challenge_hash`,
        [key, expiresAt],
      );
      return rows.length === 1;
    },
    async insertContact(row: { name: string; email: string; message: string; captchaToken: string }) {
      await db.query(
        'insert into contact_submissions (name, email, message, captcha_token) values ($1, $2, $3, $4)',
        [row.name, row.email, row.message, row.captchaToken],
      );
    },
    async insertBugReport(row: { name: string; email: string; description: string; captchaToken: string }) {
      await db.query(
        'insert into bug_reports (name, email, description, captcha_token) values ($1, $2, $3, $4)',
        [row.name, row.email, row.description, row.captchaToken],
      );
    },
  };
}
