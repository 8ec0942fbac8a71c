import { isApiError } from '../../lib/api-error';

type Issue = { path: readonly PropertyKey[]; message: string };
type Checkable = {
  safeParse(data: unknown): { success: true } | { success: false; error: { issues: Issue[] } };
};

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field of a domain schema, in field order: what the form shows. */
export function validate(schema: Checkable, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Splits a failed call into field errors and a form-level message (the spec's text either way). */
export function errorsFromFailure(
  error: unknown,
  fallback: string,
): { fields: FieldErrors; message: string | null } {
  if (!isApiError(error)) return { fields: {}, message: fallback };
  const fields: FieldErrors = { ...error.fields };
  return { fields, message: Object.keys(fields).length > 0 ? null : error.message || fallback };
}
