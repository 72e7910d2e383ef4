import { create } from 'zustand';

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
  /** Closes every toast on screen (one that no longer applies, say "Authentication Required" once signed in). */
  dismissAll: () => void;
  remove: (id: number) => void;
  /**
   * Fetches the page's toast UI code ahead of the first toast (set by the Toaster the
   * shell renders; null until it is mounted). Kept here because this store is the one
   * instance every area shares.
   */
  preloadUi: (() => void) | null;
}

let nextId = 1;
/** At most one per variant. */
const MAX_TOASTS = 3;

/** The toast queue. this module is a shared singleton (tools/rspack/shared.ts), so every remote posts to the shell's Toaster. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  push: (input) => {
    const id = nextId++;
    const variant = input.variant ?? 'default';
    set((state) => ({
      toasts: [
        // one toast per kind on screen: a new error replaces the last error instead of piling
        // up over the form
        ...state.toasts.filter((t) => t.variant !== variant).slice(-(MAX_TOASTS - 1)),
        {
          id,
          title: input.title,
          description: input.description,
          variant,
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
  dismissAll: () => {
    set((state) => ({ toasts: state.toasts.map((t) => (t.open ? { ...t, open: false } : t)) }));
    // Gone once their closing animation is over.
    setTimeout(() => set((state) => ({ toasts: state.toasts.filter((t) => t.open) })), 200);
  },
  remove: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  preloadUi: null,
}));

/** Closes every toast on screen, before a toast that replaces what they said. */
export function dismissToasts(): void {
  useToastStore.getState().dismissAll();
}

/** Shows a toast: `toast({ title: 'Signed out' })`. */
export function toast(input: ToastInput): number {
  return useToastStore.getState().push(input);
}
