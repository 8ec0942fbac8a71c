import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from './api-error';

type ZodFormOptions<Values extends FieldValues> = {
  defaultValues: DefaultValues<Values>;
  /**
   * What an edit clears: its own field's message and the form's (the default), or every message,
   * for forms that show one rule at a time or whose messages speak of two fields at once.
   */
  editClears?: 'field' | 'all';
  /**
   * When fields are checked: on submit (the default), or from a field's first blur on, as the user
   * types (a dialog whose button stays disabled until the fields are filled says why on leaving one).
   */
  check?: 'submit' | 'touched';
  /** Runs on every edit, for messages kept outside the form (a store's, a failed mutation's). */
  onEdit?: () => void;
  /**
   * The form's words for an issue the schema leaves to zod's own wording (a uuid, a number that is
   * none): a message the schema sets itself always wins. Keep it outside the component: a new
   * function each render would make a new resolver each render.
   */
  messageFor?: (issue: { path?: readonly PropertyKey[] | undefined }) => string | undefined;
};

/** A failed call split as the screen shows it: field messages, or one message for the form. */
export type Failure = { fields: Readonly<Record<string, string>>; message: string | null };

export type ZodForm<Values extends FieldValues> = UseFormReturn<Values> & {
  /** A form's onSubmit: checks the values with the schema, then runs `handler` with them. */
  onSubmit: (handler: (values: Values) => Promise<void> | void) => (event: BaseSyntheticEvent) => void;
  /** The field's first message, for a control's `error` prop. */
  errorOf: (name: Path<Values>) => string | undefined;
  /** A text field's props: registered, with its message. */
  field: (
    name: Path<Values>,
    options?: RegisterOptions<Values, Path<Values>>,
  ) => UseFormRegisterReturn<Path<Values>> & { error: string | undefined };
  /** The message that belongs to no field (a failed call's), if any. */
  message: string | undefined;
  /** The form's message, else the first field's, for forms that show one line for all fields. */
  firstMessage: string | undefined;
  /**
   * Shows a failed call: the server's messages on their fields, else its message (or `fallback`
   * when it sent none or the network failed) on the form, or on `messageField` where given.
   */
  fail: (error: unknown, fallback: string, messageField?: Path<Values>) => Failure;
};

/**
 * A react-hook-form form checked by a domain schema, the one the server checks the body with
 * (CONTRIBUTING.md: one zod schema per payload). Messages appear on submit, the schema's first per
 * field, and an edit clears them rather than checking again while the user types, as the spec's
 * forms always did. Submit handlers get the values as typed: the server applies the schema's
 * transforms itself, and the API's body types are the schema's input.
 */
export function useZodForm<Input extends FieldValues, Values extends Input = Input>(
  // The form's values need only be what the schema reads: a form may hold more (signup's artist
  // fields, for a listener) or narrower types (a role picked from two, where the body takes a string).
  schema: z.ZodType<unknown, Input>,
  { defaultValues, editClears = 'field', check = 'submit', onEdit, messageFor }: ZodFormOptions<Values>,
): ZodForm<Values> {
  const resolver = useMemo(
    // Raw, the resolver hands on the form's own values, all of them: typed for what the schema reads.
    () =>
      zodResolver(schema, messageFor && { error: messageFor }, { raw: true }) as unknown as Resolver<Values>,
    [schema, messageFor],
  );
  const form = useForm<Values>({
    defaultValues,
    resolver,
    mode: check === 'touched' ? 'onTouched' : 'onSubmit',
    reValidateMode: check === 'touched' ? 'onChange' : 'onSubmit',
    // A refused submit moves the focus to the first field with a message, which scrolls it into
    // view: a long form's Send is far below its first field, and a message the listener cannot
    // see reads as a button that does nothing. The page's scroll padding keeps it clear of the
    // fixed header.
    shouldFocusError: true,
  });
  const { clearErrors, setError, subscribe, register, formState, handleSubmit } = form;

  // The latest onEdit, without subscribing again each render for a new arrow function.
  const edited = useRef(onEdit);
  useEffect(() => {
    edited.current = onEdit;
  });
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          // Checked as typed, the check itself clears what no longer applies.
          if (check === 'touched') {
            edited.current?.();
            return;
          }
          if (editClears === 'all' || name === undefined) clearErrors();
          else {
            clearErrors(name as Path<Values>);
            clearErrors('root');
          }
          edited.current?.();
        },
      }),
    [subscribe, clearErrors, editClears, check],
  );

  const errorOf = (name: Path<Values>) => {
    const message: unknown = (formState.errors as Record<string, { message?: unknown } | undefined>)[name]
      ?.message;
    return typeof message === 'string' && message !== '' ? message : undefined;
  };
  const message = formState.errors.root?.message;
  const firstMessage =
    message ??
    Object.keys(formState.errors)
      .filter((name) => name !== 'root')
      .map((name) => errorOf(name as Path<Values>))
      .find((found) => found !== undefined);

  return {
    ...form,
    onSubmit: (handler) => (event) => {
      // WARNING: React carries a submit through portals to the form around them: without this,
      // the reset-link dialog's Send also submitted the login form behind it.
      event.stopPropagation();
      void handleSubmit(handler)(event);
    },
    errorOf,
    field: (name, options) => ({ ...register(name, options), error: errorOf(name) }),
    message,
    firstMessage,
    fail: (error, fallback, messageField) => {
      const fields = isApiError(error) ? error.fields : {};
      const names = Object.keys(fields);
      for (const name of names) setError(name as Path<Values>, { message: fields[name] });
      const failure = {
        fields,
        message: names.length > 0 ? null : (isApiError(error) && error.message) || fallback,
      };
      if (failure.message !== null) setError(messageField ?? 'root', { message: failure.message });
      return failure;
    },
  };
}
