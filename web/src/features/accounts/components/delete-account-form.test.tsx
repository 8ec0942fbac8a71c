import { ACCOUNT_MESSAGES } from '@klang/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { useAuthStore } from '../auth-store';
import { DeleteAccountForm } from './delete-account-form';

const functions = vi.hoisted(() => ({ deleteAccount: vi.fn() }));
vi.mock('../api/account-functions-api', () => ({ accountFunctionsApi: functions }));

const USER_ID = '00000000-0000-4000-8000-000000000001';

function renderForm(onDemoRefusal: (error: unknown) => boolean = () => false) {
  const onDeleted = vi.fn();
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <DeleteAccountForm onDeleted={onDeleted} onDemoRefusal={onDemoRefusal} />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('Confirmation'), {
    target: { value: ACCOUNT_MESSAGES.deleteConfirmation },
  });
  return { onDeleted, button: screen.getByRole('button', { name: 'Delete My Account' }) };
}

describe('delete account (spec 001 §5)', () => {
  beforeEach(() => {
    useAuthStore.getState().setSession({ id: USER_ID, email: 'ada@example.com' });
  });
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
    useAuthStore.getState().clearSession();
  });

  it('sends the typed text once, stays busy until the server answers, then hands over', async () => {
    let answer!: () => void;
    functions.deleteAccount.mockReturnValue(new Promise<void>((resolve) => (answer = resolve)));
    const { onDeleted, button } = renderForm();
    fireEvent.click(button);
    await waitFor(() => {
      expect(button.getAttribute('aria-busy')).toBe('true');
    });
    expect(functions.deleteAccount).toHaveBeenCalledExactlyOnceWith(
      USER_ID,
      ACCOUNT_MESSAGES.deleteConfirmation,
    );
    answer();
    await waitFor(() => {
      expect(onDeleted).toHaveBeenCalledOnce();
    });
  });

  it('shows the server’s refusal, and leaves a demo refusal to its popup', async () => {
    functions.deleteAccount.mockRejectedValue(
      new ApiError({ status: 403, code: 'FORBIDDEN', message: 'Not allowed here' }),
    );
    const first = renderForm();
    fireEvent.click(first.button);
    expect(await screen.findByText('Not allowed here')).toBeTruthy();
    expect(first.onDeleted).not.toHaveBeenCalled();
    cleanup();

    const onDemoRefusal = vi.fn(() => true);
    const second = renderForm(onDemoRefusal);
    fireEvent.click(second.button);
    await waitFor(() => {
      expect(onDemoRefusal).toHaveBeenCalledOnce();
    });
    expect(screen.queryByText('Not allowed here')).toBeNull();
  });
});
