// Grants or revokes admin (product-decisions.md: admins are the accounts listed in the admins table).
// Usage: npm run grant-admin -w @klang/server -- someone@example.com
//        npm run grant-admin -w @klang/server -- --revoke someone@example.com
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';

const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const email = args
  .find((arg) => !arg.startsWith('--'))
  ?.trim()
  .toLowerCase();
if (!email) {
  console.error('usage: npm run grant-admin -w @klang/server -- [--revoke] <email>');
  process.exit(2);
}

const config = loadConfig();
const db = await openDatabase(config.database);
try {
  await migrate(db);
  const exists = await db.query('select 1 from accounts where email = $1', [email]);
  if (exists.length === 0) {
    console.error(`no account with the email ${email}`);
    process.exitCode = 1;
  } else if (revoke) {
    const rows = await db.query(
      'delete from admins where id = (select id from accounts where email = $1) returning id',
      [email],
    );
    console.log(rows.length > 0 ? `${email} is no longer an admin` : `${email} was not an admin`);
  } else {
    const rows = await db.query(
      `insert into admins (id) select id from accounts where email = $1
       on conflict (id) do nothing returning id`,
      [email],
    );
    console.log(rows.length > 0 ? `${email} is now an admin` : `${email} was already an admin`);
  }
} finally {
  await db.close();
}
