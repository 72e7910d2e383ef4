import { DismissableLayer } from '@radix-ui/react-dismissable-layer';
import { useFocusGuards } from '@radix-ui/react-focus-guards';
import { FocusScope } from '@radix-ui/react-focus-scope';
import { Slot } from '@radix-ui/react-slot';
import { hideOthers } from 'aria-hidden';
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useId,
  useInsertionEffect,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from './use-hydrated';
import { DIALOG_CLASSES, SCROLL_LOCK_CLASS, TOAST_VIEWPORT_ATTRIBUTE } from './theme';
import { ToastAnnouncer } from './toast-announcer';

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

/** Closes the dialog it is in (DialogClose). */
const CloseContext = createContext<(() => void) | null>(null);

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Fills the screen (a pass shown to staff) instead of a centred box. */
  fullScreen?: boolean;
  /** Paints the frame first and renders `children` just after (a heavy form). */
  deferContent?: boolean;
  children: ReactNode;
}

/**
 * A modal dialog, styled for the lounge, made of the parts Radix's Dialog is made of
 * (its focus scope: focus moved in, trapped and Tab looping; its dismissable layer: Escape
 * and a tap outside close it, the page behind takes no pointer events; `aria-hidden` on
 * everything else for screen readers; focus guards at the body's edges), without the
 * Dialog's own layers, which render the frame two or three times in the tap that opens it
 * (a portal that waits for its own mount, a title and a description counted through state)
 * and read its computed style for an exit animation it does not have.
 * Open state is controlled by the caller. It is labelled by its title and described by its
 * description (if any). On close (Escape, a button, the overlay) focus goes back to the
 * control that had it when the dialog opened, the button that opened it, as long as it is
 * still on the page. Toasts posted while it is open are announced from inside it
 * (ToastAnnouncer), since the dialog hides the toast region from screen readers.
 *
 * `deferContent`: the tap that opens it paints the dialog's frame (overlay,
 * title, description) at once, and its content (a long form) renders once that
 * frame is on screen, in the background, between frames; focus then moves straight to the
 * content's first field, as it would have at once (it stays on the opener, behind
 * the dialog, meanwhile, and Tab from there is brought into the dialog).
 */
export function Dialog(props: DialogProps) {
  // While server HTML is being hydrated there is no dialog (the server renders none).
  const hydrated = useHydrated();
  if (!props.open || !hydrated) return null;
  return createPortal(<OpenDialog {...props} />, document.body);
}

/** The dialog while it is open: mounted when it opens, unmounted when it closes. */
function OpenDialog({
  onOpenChange,
  title,
  description,
  fullScreen = false,
  deferContent = false,
  children,
}: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const opener = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement | null>(null);
  // A deferred dialog's frame has been painted since it opened: its content may come.
  const [framePainted, setFramePainted] = useState(false);
  const contentReady = !deferContent || framePainted;
  useEffect(() => {
    if (!deferContent) return;
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
  }, [deferContent]);
  // With the DOM's other changes of the opening, before anything reads a style: the page's
  // style is worked out once.
  useInsertionEffect(() => lockPageScroll(), []);
  // Everything outside the dialog is hidden from screen readers while it is open.
  useEffect(() => {
    const frame = content.current;
    return frame ? hideOthers(frame) : undefined;
  }, []);
  // Focusable guards at the body's edges, so focus leaving the page comes back to the trap.
  useFocusGuards();
  // Whether the last pointer down was on a toast shown over the dialog: noted as it happens,
  // since the outside tap is handled after its click, when a dismissed toast has gone.
  const tapOnToast = useRef(false);
  useEffect(() => {
    const note = (event: PointerEvent) => {
      tapOnToast.current =
        event.target instanceof Element &&
        event.target.closest(`[${TOAST_VIEWPORT_ATTRIBUTE}]`) !== null;
    };
    document.addEventListener('pointerdown', note, true);
    return () => document.removeEventListener('pointerdown', note, true);
  }, []);
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
  const close = () => onOpenChange(false);
  return (
    <CloseContext.Provider value={close}>
      {/* A plain element: the page is held still by SCROLL_LOCK_CLASS. A tap on it is
          outside the dialog, so it closes it (the dismissable layer); the body takes no
          pointer events while a modal dialog is open, this layer does (on the element
          itself: it must take the tap whatever style sheets the page has). */}
      <div
        className={DIALOG_CLASSES.overlay}
        style={{ pointerEvents: 'auto' }}
        data-dialog-overlay=""
      />
      <FocusScope
        asChild
        loop
        trapped
        onMountAutoFocus={(event) => {
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement ? active : null;
          // A deferred dialog's first focus waits for its content (the effect above): moving
          // it into the bare frame first would work the page's style out once more in the tap.
          if (deferContent && !contentReady) event.preventDefault();
        }}
        onUnmountAutoFocus={(event) => {
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
          if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
          (heading ?? main)?.focus({ preventScroll: true });
        }}
      >
        <DismissableLayer
          ref={content}
          role="dialog"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          aria-busy={contentReady ? undefined : true}
          data-state="open"
          className={DIALOG_CLASSES.content}
          data-full-screen={fullScreen ? '' : undefined}
          disableOutsidePointerEvents
          deferPointerDownOutside
          onPointerDownOutside={(event) => {
            // a right click (or Ctrl + click) outside opens a menu; it does not close the dialog
            const original = event.detail.originalEvent;
            if (original.button === 2 || (original.button === 0 && original.ctrlKey))
              event.preventDefault();
            // nor does a tap on a toast shown over it (its close button, a swipe)
            if (tapOnToast.current) event.preventDefault();
          }}
          // focus moving out (to the guards, the page) is brought back by the trap
          onFocusOutside={(event) => event.preventDefault()}
          onDismiss={close}
        >
          <h2 id={titleId} className={DIALOG_CLASSES.title}>
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className={DIALOG_CLASSES.description}>
              {description}
            </p>
          ) : null}
          {contentReady ? (
            <>
              {children}
              <ToastAnnouncer />
            </>
          ) : (
            <div className={DIALOG_CLASSES.pending} />
          )}
        </DismissableLayer>
      </FocusScope>
    </CloseContext.Provider>
  );
}

/**
 * A control that closes the dialog it is in: a button (type "button"), or with `asChild`
 * its one child (e.g. a styled Button), after the control's own onClick unless that
 * prevented it.
 */
export function DialogClose({
  asChild = false,
  onClick,
  ...props
}: ComponentPropsWithRef<'button'> & { asChild?: boolean }) {
  const close = useContext(CloseContext);
  const Control = asChild ? Slot : 'button';
  return (
    <Control
      type={asChild ? undefined : 'button'}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) close?.();
      }}
    />
  );
}
