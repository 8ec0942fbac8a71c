/** A UTC calendar day as `YYYY-MM-DD`, `offset` days from `at` (product-decisions.md Charts: days are UTC). */
export function utcDay(at: Date, offset = 0): string {
  return new Date(at.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
}
