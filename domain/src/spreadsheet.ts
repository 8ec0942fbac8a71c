/**
 * A spreadsheet runs a cell that starts like a formula (`=`, `+`, `-`, `@`, a tab or a return);
 * a leading quote keeps it text. Every CSV Klang writes passes user-made text through this.
 */
export function asSpreadsheetText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
