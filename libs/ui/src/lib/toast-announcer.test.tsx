import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog';
import { dismissToasts, toast, useToastStore } from './toast-store';

beforeEach(() => useToastStore.setState({ toasts: [] }));

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rate DJ
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Rate DJ Lux">
        <button type="button">Submit</button>
      </Dialog>
    </>
  );
}

describe('toasts while a dialog is open', () => {
  it('are read from a live region inside the dialog, errors as alerts, only the new ones', async () => {
    toast({ title: 'Signed out' });
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Rate DJ' }));
    const dialog = screen.getByRole('dialog', { name: 'Rate DJ Lux' });
    const status = within(dialog).getByRole('status');
    const alert = within(dialog).getByRole('alert');
    expect(status).toBeEmptyDOMElement();
    expect(alert).toBeEmptyDOMElement();

    act(() => {
      toast({ title: 'Rating Submitted', description: 'Thanks!', variant: 'success' });
      toast({ title: 'Rating Failed', description: 'Try again.', variant: 'destructive' });
    });
    expect(status).toHaveTextContent('Rating Submitted. Thanks!');
    expect(status).not.toHaveTextContent('Signed out');
    expect(alert).toHaveTextContent('Rating Failed. Try again.');
  });
});

describe('dismissToasts', () => {
  it('closes every toast on screen', () => {
    toast({ title: 'Authentication Required', variant: 'destructive' });
    toast({ title: 'Signed out' });
    act(() => dismissToasts());
    expect(useToastStore.getState().toasts.every((t) => !t.open)).toBe(true);
  });
});
