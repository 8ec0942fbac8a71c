import { ACCOUNT_MESSAGES, loginSchema } from '@klang/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { useZodForm } from './use-zod-form';

const FALLBACK = 'Something went wrong.';

/** A login form as small as it gets; `call` stands in for the server. */
function Form({ call, editClears }: { call: () => Promise<void>; editClears?: 'field' | 'all' }) {
  const form = useZodForm(loginSchema, {
    defaultValues: { identifier: '', password: '' },
    ...(editClears && { editClears }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async () => {
        try {
          await call();
        } catch (error) {
          form.fail(error, FALLBACK);
        }
      })}
    >
      {form.message && <p role="alert">{form.message}</p>}
      {(['identifier', 'password'] as const).map((name) => {
        const { error, ...props } = form.field(name);
        return (
          <p key={name}>
            <input {...props} aria-label={name} aria-invalid={Boolean(error) || undefined} />
            {error && <span>{error}</span>}
          </p>
        );
      })}
      <button type="submit" disabled={form.formState.isSubmitting}>
        Send
      </button>
    </form>
  );
}

const send = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
};
const type = (name: string, value: string) => {
  fireEvent.change(screen.getByLabelText(name), { target: { value } });
};

describe('useZodForm, the forms’ one binding to the domain schemas', () => {
  afterEach(cleanup);

  it('shows the schema’s first message per field on submit, not while typing, and an edit clears it', async () => {
    const call = vi.fn(() => Promise.resolve());
    render(<Form call={call} />);
    type('identifier', ' ');
    expect(screen.queryByText(ACCOUNT_MESSAGES.identifierRequired)).toBeNull();
    send();
    await screen.findByText(ACCOUNT_MESSAGES.identifierRequired);
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText('identifier').getAttribute('aria-invalid')).toBe('true');
    expect(call).not.toHaveBeenCalled();

    // Still blank: the message goes anyway, and is not checked again until the next submit.
    type('identifier', '  ');
    await waitFor(() => {
      expect(screen.queryByText(ACCOUNT_MESSAGES.identifierRequired)).toBeNull();
    });
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordRequired)).toBeTruthy();
  });

  it('moves the focus to the first field with a message on a refused submit, so it is seen', async () => {
    render(<Form call={vi.fn(() => Promise.resolve())} />);
    type('identifier', 'listener@example.com');
    screen.getByRole('button', { name: 'Send' }).focus();
    send();
    await screen.findByText(ACCOUNT_MESSAGES.passwordRequired);
    expect(document.activeElement).toBe(screen.getByLabelText('password'));
  });

  it('puts a failed call’s field messages on their fields, and clears the form-level one on any edit', async () => {
    const call = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(
        new ApiError({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Bad',
          fields: { password: 'Too weak' },
        }),
      )
      .mockRejectedValueOnce(
        new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'Wrong password' }),
      );
    render(<Form call={call} />);
    type('identifier', 'ada');
    type('password', 'secret');
    send();
    await screen.findByText('Too weak');
    expect(screen.queryByRole('alert')).toBeNull();

    send();
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong password');
    expect(screen.queryByText('Too weak')).toBeNull();
    type('identifier', 'ada2');
    await waitFor(() => {
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  it('says the fallback when the call failed without an answer, and is busy while it runs', async () => {
    let finish: (error: Error) => void = () => undefined;
    const call = vi.fn(
      () =>
        new Promise<void>((_, reject) => {
          finish = reject;
        }),
    );
    render(<Form call={call} />);
    type('identifier', 'ada');
    type('password', 'secret');
    send();
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
    });
    finish(new TypeError('Failed to fetch'));
    expect((await screen.findByRole('alert')).textContent).toBe(FALLBACK);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(false);
  });

  it('clears every message on any edit when asked to', async () => {
    render(<Form call={() => Promise.resolve()} editClears="all" />);
    send();
    await screen.findByText(ACCOUNT_MESSAGES.passwordRequired);
    type('identifier', 'ada');
    await waitFor(() => {
      expect(screen.queryByText(ACCOUNT_MESSAGES.passwordRequired)).toBeNull();
    });
  });
});
