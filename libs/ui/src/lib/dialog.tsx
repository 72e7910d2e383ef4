import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { adoptCspNonce } from './csp-nonce';
import { media, theme } from './theme';
import { ToastAnnouncer } from './toast-announcer';

adoptCspNonce();

const Overlay = styled(DialogPrimitive.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 50;
  background: rgba(0, 0, 0, 0.7);
`;

const Content = styled(DialogPrimitive.Content)<{ $fullScreen: boolean }>`
  position: fixed;
  z-index: 51;
  left: 50%;
  top: 50%;
  transform: translate(-50%, -50%);
  width: calc(100vw - 24px);
  max-width: 480px;
  max-height: calc(100vh - 48px);
  overflow-y: auto;
  padding: ${theme.space(5)};
  border-radius: ${theme.radii.lg};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  ${media.md} {
    padding: ${theme.space(6)};
  }
  ${({ $fullScreen }) =>
    $fullScreen
      ? `
    inset: 0;
    transform: none;
    width: 100%;
    max-width: none;
    height: 100%;
    max-height: none;
    border: 0;
    border-radius: 0;
    display: flex;
    flex-direction: column;
  `
      : ''}
`;

const Title = styled(DialogPrimitive.Title)`
  margin: 0 0 ${theme.space(2)};
  font-size: 1.3rem;
`;

const Description = styled(DialogPrimitive.Description)`
  margin: 0 0 ${theme.space(4)};
  color: ${theme.colors.textMuted};
`;

/**
 * A modal dialog (Radix: focus trap, Escape, labelled by its title), styled for
 * the lounge. Open state is controlled by the caller. On close (Escape, a
 * button, the overlay) focus goes back to the control that had it when the
 * dialog opened, the button that opened it, as long as it is still on the page.
 * Toasts posted while it is open are announced from inside it (ToastAnnouncer),
 * since the dialog hides the toast region from screen readers.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  fullScreen = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Fills the screen (a pass shown to staff) instead of a centred box. */
  fullScreen?: boolean;
  children: ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <Overlay />
        <Content
          $fullScreen={fullScreen}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement ? active : null;
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
          <Title>{title}</Title>
          {description ? <Description>{description}</Description> : null}
          {children}
          <ToastAnnouncer />
        </Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export const DialogClose = DialogPrimitive.Close;
