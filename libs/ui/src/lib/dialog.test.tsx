import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Dialog, DialogClose } from './dialog';
import { SCROLL_LOCK_CLASS, TOAST_VIEWPORT_ATTRIBUTE } from './theme';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Drop a Request
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Drop a Request">
        <input aria-label="Song Title" />
        <DialogClose>Cancel</DialogClose>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('gives focus back to the button that opened it after Escape', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Drop a Request' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Drop a Request' })).toBeInTheDocument();
    expect(opener).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('gives focus back after Cancel too', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Drop a Request' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(opener).toHaveFocus();
  });

  it('gives focus to the page heading when it opened by itself (a link such as ?book=)', async () => {
    const user = userEvent.setup();
    function OpenedByLink() {
      const [open, setOpen] = useState(true);
      return (
        <main id="main" tabIndex={-1}>
          <h1>Upcoming Events</h1>
          <Dialog open={open} onOpenChange={setOpen} title="Book: Friday Night Neon">
            <input aria-label="Full Name" />
          </Dialog>
        </main>
      );
    }
    render(<OpenedByLink />);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upcoming Events' })).toHaveFocus();
  });

  it('with deferred content: the form follows the frame, focus moves to its first field and back', async () => {
    const user = userEvent.setup();
    function Booking() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Reserve Your Spot
          </button>
          <Dialog open={open} onOpenChange={setOpen} title="Book: Friday Night Neon" deferContent>
            <details>
              <summary>Celebrating something?</summary>
            </details>
            <input aria-label="Full Name" defaultValue="Maya Brooks" />
            <DialogClose>Cancel</DialogClose>
          </Dialog>
        </>
      );
    }
    render(<Booking />);
    const opener = screen.getByRole('button', { name: 'Reserve Your Spot' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Book: Friday Night Neon' });
    const field = await within(dialog).findByLabelText('Full Name');
    // the first control Tab reaches (the summary), as Radix would have focused at once
    expect(within(dialog).getByText('Celebrating something?')).toHaveFocus();
    expect(dialog).not.toHaveAttribute('aria-busy');
    await user.tab();
    expect(field).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('holds the page still while open (a class on <html>) and a tap beside it closes it', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const root = document.documentElement;
    expect(root).not.toHaveClass(SCROLL_LOCK_CLASS);
    await user.click(screen.getByRole('button', { name: 'Drop a Request' }));
    expect(root).toHaveClass(SCROLL_LOCK_CLASS);
    // the page behind is hidden from screen readers and takes no pointer events
    expect(screen.queryByRole('button', { name: 'Before' })).not.toBeInTheDocument();
    expect(document.body.style.pointerEvents).toBe('none');
    const dialog = screen.getByRole('dialog', { name: 'Drop a Request' });
    const overlay = dialog.ownerDocument.querySelector<HTMLElement>('[data-dialog-overlay]');
    expect(overlay).not.toBeNull();
    await user.click(overlay!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(root).not.toHaveClass(SCROLL_LOCK_CLASS);
    expect(document.body.style.pointerEvents).toBe('');
  });

  it('keeps the page held while a second dialog is still open', async () => {
    const user = userEvent.setup();
    function Two() {
      const [first, setFirst] = useState(true);
      const [second, setSecond] = useState(true);
      return (
        <>
          <Dialog open={first} onOpenChange={setFirst} title="First">
            <button type="button" onClick={() => setFirst(false)}>
              Close first
            </button>
          </Dialog>
          <Dialog open={second} onOpenChange={setSecond} title="Second">
            <button type="button" onClick={() => setSecond(false)}>
              Close second
            </button>
          </Dialog>
        </>
      );
    }
    render(<Two />);
    const root = document.documentElement;
    expect(root).toHaveClass(SCROLL_LOCK_CLASS);
    await user.keyboard('{Escape}');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(root).toHaveClass(SCROLL_LOCK_CLASS);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(root).not.toHaveClass(SCROLL_LOCK_CLASS);
  });

  it('is labelled by its title, described by its description, and keeps Tab inside', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Behind</button>
        <Dialog
          open
          onOpenChange={() => undefined}
          title="Your pass"
          description="Show this to the staff"
          fullScreen
        >
          <input aria-label="Code" />
          <DialogClose>Close</DialogClose>
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Your pass' });
    expect(dialog).toHaveAccessibleDescription('Show this to the staff');
    expect(dialog).toHaveAttribute('data-full-screen');
    const code = within(dialog).getByLabelText('Code');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(code).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    // from the last control Tab goes round to the first, never to the page behind
    await user.tab();
    expect(code).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('has no description when none is given', () => {
    render(
      <Dialog open onOpenChange={() => undefined} title="Drop a Request">
        <input aria-label="Song Title" />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Drop a Request' });
    expect(dialog).not.toHaveAttribute('aria-describedby');
  });

  it("closes through DialogClose's child (asChild) unless its own click prevented it", async () => {
    const user = userEvent.setup();
    function Pass({ keepOpen }: { keepOpen: boolean }) {
      const [open, setOpen] = useState(true);
      return (
        <Dialog open={open} onOpenChange={setOpen} title="Your pass">
          <DialogClose asChild>
            <button
              type="button"
              className="done"
              onClick={(event) => {
                if (keepOpen) event.preventDefault();
              }}
            >
              Done
            </button>
          </DialogClose>
        </Dialog>
      );
    }
    const { unmount } = render(<Pass keepOpen />);
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toHaveClass('done');
    await user.click(done);
    expect(screen.getByRole('dialog', { name: 'Your pass' })).toBeInTheDocument();
    unmount();
    render(<Pass keepOpen={false} />);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open when a toast shown over it is tapped (its Dismiss button works)', async () => {
    // The toasts take pointer events over a dialog through GlobalStyle's rule, which jsdom
    // does not apply (no style sheets here): user-event's pointer-events check is off.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    function Toasts() {
      const [shown, setShown] = useState(true);
      return (
        <ol {...{ [TOAST_VIEWPORT_ATTRIBUTE]: '' }}>
          {shown ? (
            <li>
              Booking Failed
              <button type="button" onClick={() => setShown(false)}>
                Dismiss
              </button>
            </li>
          ) : null}
        </ol>
      );
    }
    render(
      <>
        <Toasts />
        <Opener />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Drop a Request' }));
    // the toast list is outside the dialog, so hidden from screen readers: found by its text
    await user.click(screen.getByText('Dismiss'));
    // the toast is gone (its click ran) before the dialog weighs the tap outside
    expect(screen.queryByText('Booking Failed')).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Drop a Request' });
    // a tap anywhere else outside still closes it
    await user.click(dialog.ownerDocument.querySelector<HTMLElement>('[data-dialog-overlay]')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
