import * as ToastPrimitive from '@radix-ui/react-toast';
import styled, { css } from 'styled-components';
import { TOAST_VIEWPORT_ATTRIBUTE, media, theme } from './theme';
import { useToastStore, type ToastVariant } from './toast-store';

export { toast, useToastStore, type ToastInput, type ToastVariant } from './toast-store';

const variantStyles: Record<ToastVariant, ReturnType<typeof css>> = {
  default: css`
    border-color: ${theme.colors.border};
  `,
  success: css`
    border-color: ${theme.colors.success};
  `,
  destructive: css`
    border-color: ${theme.colors.danger};
    background: #2a1016;
  `,
};

// On a phone the toasts come down from the top, over the bar, never over the form and its
// button (or the keyboard) in the lower part of the screen; from tablets up, bottom right.
const Viewport = styled(ToastPrimitive.Viewport)`
  position: fixed;
  z-index: 100;
  top: 0;
  left: 0;
  right: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  padding: ${theme.space(3)};
  margin: 0;
  list-style: none;
  outline: none;
  ${media.md} {
    top: auto;
    bottom: 0;
    left: auto;
    width: 400px;
  }
`;

const Root = styled(ToastPrimitive.Root)<{ $variant: ToastVariant }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${theme.space(1)} ${theme.space(3)};
  align-items: start;
  padding: ${theme.space(4)};
  border-radius: ${theme.radii.md};
  border: 1px solid;
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  box-shadow: 0 10px 30px rgba(0, 0, 0, 0.5);
  ${({ $variant }) => variantStyles[$variant]}
`;

const Title = styled(ToastPrimitive.Title)`
  grid-column: 1;
  min-width: 0;
  font-weight: 700;
`;

const Description = styled(ToastPrimitive.Description)`
  grid-column: 1;
  color: ${theme.colors.textMuted};
  font-size: 0.95rem;
  /* A long e-mail address in the text breaks instead of widening the page. */
  overflow-wrap: anywhere;
`;

const Close = styled(ToastPrimitive.Close)`
  grid-column: 2;
  grid-row: 1 / span 2;
  min-width: 32px;
  min-height: 32px;
  border-radius: ${theme.radii.sm};
  border: 1px solid ${theme.colors.border};
  background: transparent;
  color: ${theme.colors.text};
  cursor: pointer;
`;

/** Rendered once, by the shell. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const remove = useToastStore((s) => s.remove);
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000}>
      {toasts.map((t) => (
        <Root
          key={t.id}
          open={t.open}
          $variant={t.variant}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) {
              dismiss(t.id);
              window.setTimeout(() => remove(t.id), 200);
            }
          }}
        >
          <Title>{t.title}</Title>
          {t.description ? <Description>{t.description}</Description> : null}
          <Close aria-label="Dismiss">✕</Close>
        </Root>
      ))}
      {/* a modal dialog lets taps through to it (Dialog, GlobalStyle) */}
      <Viewport {...{ [TOAST_VIEWPORT_ATTRIBUTE]: '' }} />
    </ToastPrimitive.Provider>
  );
}
