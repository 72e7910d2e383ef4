import * as DialogPrimitive from '@radix-ui/react-dialog';
import {
  startTransition,
  useEffect,
  useInsertionEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { adoptCspNonce } from './csp-nonce';
import { DIALOG_CLASSES, SCROLL_LOCK_CLASS } from './theme';
import { ToastAnnouncer } from './toast-announcer';

adoptCspNonce();

/** How many dialogs are open (one may open over another): the lock goes with the last. */
let openDialogs = 0;

function lockPageScroll(): () => void {
  openDialogs += 1;
  document.documentElement.classList.add(SCROLL_LOCK_CLASS);
  return () => {
    openDialogs -= 1;
    if (openDialogs === 0) document.documentElement.classList.remove(SCROLL_LOCK_CLASS);
  };
}

/** What Tab can reach, links aside (as Radix's own first focus). */
const FIELDS = 'input:not([type="hidden"]), select, textarea, button, summary, [tabindex]';

/** The first control Tab reaches in `container` (enabled and rendered), or null. */
function firstField(container: HTMLElement): HTMLElement | null {
  for (const element of container.querySelectorAll<HTMLElement>(FIELDS)) {
    if (element.tabIndex < 0 || element.matches(':disabled')) continue;
    // inside a closed <details> or display: none (jsdom has no checkVisibility: kept)
    if (typeof element.checkVisibility === 'function' && !element.checkVisibility()) continue;
    return element;
  }
  return null;
}

/**
 * A modal dialog (Radix: focus trap, Escape, labelled by its title), styled for
 * the lounge. Open state is controlled by the caller. On close (Escape, a
 * button, the overlay) focus goes back to the control that had it when the
 * dialog opened, the button that opened it, as long as it is still on the page.
 * Toasts posted while it is open are announced from inside it (ToastAnnouncer),
 * since the dialog hides the toast region from screen readers.
 *
 * `deferContent`: the tap that opens it paints the dialog's frame (overlay,
 * title, description) at once, and its content (a long form) renders once that
 * frame is on screen, in the background, between frames; focus then moves straight to the
 * content's first field, as it would have at once (it stays on the opener, behind
 * the dialog, meanwhile, and Tab from there is brought into the dialog).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  fullScreen = false,
  deferContent = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Fills the screen (a pass shown to staff) instead of a centred box. */
  fullScreen?: boolean;
  /** Paints the frame first and renders `children` just after (a heavy form). */
  deferContent?: boolean;
  children: ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement | null>(null);
  // A deferred dialog's frame has been painted since it opened: its content may come.
  const [framePainted, setFramePainted] = useState(false);
  const contentReady = !deferContent || (open && framePainted);
  useEffect(() => {
    if (!deferContent || !open) {
      setFramePainted(false);
      return;
    }
    // The task after the next frame's paint (an animation frame runs just before it), and
    // there a background render, which the next tap can interrupt.
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => startTransition(() => setFramePainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [deferContent, open]);
  // With the DOM's other changes of the opening, before anything reads a style (Radix
  // reads the new elements' animation at once): the page's style is worked out once.
  useInsertionEffect(() => (open ? lockPageScroll() : undefined), [open]);
  useEffect(() => {
    const frame = content.current;
    if (!deferContent || !contentReady || !frame) return;
    // Focus moves in now, once, straight to the first field (the frame itself when it has
    // none), unless it is already inside. The trap holds meanwhile: focus that leaves for
    // the page behind is brought back into the frame.
    const active = document.activeElement;
    if (active && active !== frame && frame.contains(active)) return;
    const field = firstField(frame);
    if (!field) {
      frame.focus({ preventScroll: true });
      return;
    }
    field.focus({ preventScroll: true });
    if (field instanceof HTMLInputElement) field.select();
  }, [deferContent, contentReady]);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        {/* A plain element rather than Radix's Overlay, which locks the page's scroll by
            measuring the scrollbar (a forced layout) and adding a style sheet at every open;
            the page is held still by SCROLL_LOCK_CLASS instead. A tap on it is outside the
            dialog, so it closes it (Radix's dismissable layer); the body takes no pointer
            events while a modal dialog is open, this layer does (on the element itself: it
            must take the tap whatever style sheets the page has). */}
        <div
          className={DIALOG_CLASSES.overlay}
          style={{ pointerEvents: 'auto' }}
          data-dialog-overlay=""
        />
        <DialogPrimitive.Content
          ref={content}
          className={DIALOG_CLASSES.content}
          data-full-screen={fullScreen ? '' : undefined}
          aria-busy={contentReady ? undefined : true}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement ? active : null;
            // A deferred dialog's first focus waits for its content (the effect above): moving
            // it into the bare frame first would work the page's style out once more in the tap.
            if (deferContent && !contentReady) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            event.preventDefault();
            if (target?.isConnected && target !== document.body) {
              target.focus();
              return;
            }
            // opened by the page itself (a link such as ?book=, a redirect): focus goes back
            // to the page, at its heading, not to <body>
            const main = document.getElementById('main');
            const heading = main?.querySelector<HTMLElement>('h1');
            if (heading && !heading.hasAttribute('tabindex'))
              heading.setAttribute('tabindex', '-1');
            (heading ?? main)?.focus({ preventScroll: true });
          }}
        >
          <DialogPrimitive.Title className={DIALOG_CLASSES.title}>{title}</DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className={DIALOG_CLASSES.description}>
              {description}
            </DialogPrimitive.Description>
          ) : null}
          {contentReady ? (
            <>
              {children}
              <ToastAnnouncer />
            </>
          ) : (
            <div className={DIALOG_CLASSES.pending} />
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export const DialogClose = DialogPrimitive.Close;
