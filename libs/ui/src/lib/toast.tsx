import * as ToastPrimitive from '@radix-ui/react-toast';
import styled, { css } from 'styled-components';
import { create } from 'zustand';
import { media, theme } from './theme';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
  push: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  remove: (id: number) => void;
}

let nextId = 1;
const MAX_TOASTS = 4;

/** The toast queue. libs/ui is a shared singleton, so every remote posts to the shell's Toaster. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  push: (input) => {
    const id = nextId++;
    set((state) => ({
      toasts: [
        ...state.toasts.slice(-(MAX_TOASTS - 1)),
        {
          id,
          title: input.title,
          description: input.description,
          variant: input.variant ?? 'default',
          open: true,
        },
      ],
    }));
    return id;
  },
  dismiss: (id) =>
    set((state) => ({
      toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)),
    })),
  remove: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast: `toast({ title: 'Signed out' })`. */
export function toast(input: ToastInput): number {
  return useToastStore.getState().push(input);
}

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

const Viewport = styled(ToastPrimitive.Viewport)`
  position: fixed;
  z-index: 100;
  bottom: 0;
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
  font-weight: 700;
`;

const Description = styled(ToastPrimitive.Description)`
  grid-column: 1;
  color: ${theme.colors.textMuted};
  font-size: 0.95rem;
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
      <Viewport />
    </ToastPrimitive.Provider>
  );
}
