import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { useToastStore } from '@bistro/ui';
import {
  DataError,
  type CreateSongRequestVars,
  type useSongRequestCreateMutation,
} from '@bistro/data';
import { DropRequestDialog } from './drop-request-dialog';

const insert = vi.fn();

vi.mock('@bistro/data', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return {
    ...actual,
    // The hook's contract (onSuccess / onError), with the insert stood in for.
    useSongRequestCreateMutation: (
      options: Parameters<typeof useSongRequestCreateMutation>[0] = {},
    ) =>
      useMutation({
        mutationFn: (vars: CreateSongRequestVars) => insert(vars) as Promise<never>,
        onSuccess: options.onSuccess,
        onError: options.onError,
      }),
  };
});

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DropRequestDialog open onOpenChange={onOpenChange} userId="member-1" />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

describe('DropRequestDialog', () => {
  beforeEach(() => {
    insert.mockReset();
    useToastStore.setState({ toasts: [] });
  });

  it('keeps Submit Request disabled until both fields have text after trimming', async () => {
    renderDialog();
    const submit = screen.getByRole('button', { name: 'Submit Request' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Song Title'), '   ');
    await userEvent.type(screen.getByLabelText('Artist'), 'Beyoncé');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Song Title'), 'Halo');
    expect(submit).toBeEnabled();
  });

  it('refuses profanity before sending anything', async () => {
    renderDialog();
    await userEvent.type(screen.getByLabelText('Song Title'), 'Sh1t Song');
    await userEvent.type(screen.getByLabelText('Artist'), 'Someone');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Keep it Clean! 🎵']));
    expect(insert).not.toHaveBeenCalled();
  });

  it('sends trimmed values, toasts, closes and clears on success', async () => {
    insert.mockResolvedValue({ id: 'r1' });
    const { onOpenChange } = renderDialog();
    await userEvent.type(screen.getByLabelText('Song Title'), '  Halo  ');
    await userEvent.type(screen.getByLabelText('Artist'), ' Beyoncé ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(insert).toHaveBeenCalled());
    expect(insert).toHaveBeenCalledWith({
      songTitle: 'Halo',
      artist: 'Beyoncé',
      userId: 'member-1',
    });
    await waitFor(() => expect(toastTitles()).toEqual(['🎵 Song Added to the Mix!']));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByLabelText('Song Title')).toHaveValue('');
  });

  it("maps the database's profanity refusal and other failures", async () => {
    insert.mockRejectedValueOnce(new DataError({ code: 'P0001', message: 'profanity_detected' }));
    insert.mockRejectedValueOnce(new DataError({ code: '500', message: 'boom' }));
    renderDialog();
    await userEvent.type(screen.getByLabelText('Song Title'), 'Halo');
    await userEvent.type(screen.getByLabelText('Artist'), 'Beyoncé');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Keep it Clean! 🎵']));
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Keep it Clean! 🎵', 'Oops! 😅']));
    expect(screen.getByLabelText('Song Title')).toHaveValue('Halo');
  });
});
