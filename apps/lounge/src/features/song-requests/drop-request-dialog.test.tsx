import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { useToastStore } from '@bistro/ui';
import { DataError, type RequestSongVars, type useRequestSongMutation } from '@bistro/data';
import { DropRequestDialog } from './drop-request-dialog';

const insert = vi.fn();

vi.mock('@bistro/data', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return {
    ...actual,
    // The hook's contract (onSuccess / onError), with the RPC stood in for.
    useRequestSongMutation: (options: Parameters<typeof useRequestSongMutation>[0] = {}) =>
      useMutation({
        mutationFn: (vars: RequestSongVars) => insert(vars) as Promise<never>,
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
    insert.mockResolvedValue({ outcome: 'created', request: { id: 'r1' } });
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

  it.each([
    ['voted', '🔥 Already Requested', 'This song is already on the list - your vote was added'],
    [
      'already_voted',
      'Already Requested',
      'This song is already on the list, and you already voted for it',
    ],
    ['closed', 'Already in the Queue', 'This song is already up next, playing or played tonight'],
  ])('tells the member when the song was already requested (%s)', async (outcome, title, text) => {
    insert.mockResolvedValue({ outcome, request: { id: 'r1' } });
    renderDialog();
    await userEvent.type(screen.getByLabelText('Song Title'), 'mr brightside');
    await userEvent.type(screen.getByLabelText('Artist'), 'killers');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(toastTitles()).toEqual([title]));
    expect(useToastStore.getState().toasts[0]?.description).toBe(text);
  });

  it('says a request made offline is kept on the phone, and closes', async () => {
    insert.mockResolvedValue({ outcome: 'waiting', request: null });
    const onRequested = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DropRequestDialog
          open
          onOpenChange={onOpenChange}
          onRequested={onRequested}
          userId="member-1"
        />
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByLabelText('Song Title'), 'Halo');
    await userEvent.type(screen.getByLabelText('Artist'), 'Beyoncé');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Saved on Your Phone 📶']));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onRequested).not.toHaveBeenCalled();
  });

  it('explains the nightly request limit', async () => {
    insert.mockRejectedValue(
      new DataError({
        code: 'P0001',
        message: 'request_limit_reached',
        hint: 'request_limit_reached',
      }),
    );
    renderDialog();
    await userEvent.type(screen.getByLabelText('Song Title'), 'Halo');
    await userEvent.type(screen.getByLabelText('Artist'), 'Beyoncé');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Request Limit Reached 🎧']));
    expect(useToastStore.getState().toasts[0]?.description).toBe(
      'You can request 5 songs per night',
    );
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
    await waitFor(() => expect(toastTitles()).toEqual(['Oops! 😅']));
    expect(screen.getByLabelText('Song Title')).toHaveValue('Halo');
  });
});
