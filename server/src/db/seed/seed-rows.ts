import type { Queryable } from '../client';

/**
 * Inserts many rows with multi-row VALUES statements, a few hundred rows per statement, so the
 * seed's thousand-odd rows go in with a handful of round trips on either driver.
 */
export async function insertRows(
  db: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const perStatement = Math.max(1, Math.floor(5000 / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const params: unknown[] = [];
    const values = chunk.map((row) => {
      const placeholders = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await db.query(`insert into ${table} (${columns.join(', ')}) values ${values.join(', ')}`, params);
  }
}
