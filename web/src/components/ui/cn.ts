export type ClassValue = string | false | null | undefined;

/** Joins class names, skipping the falsy ones, so conditional classes read inline. */
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
