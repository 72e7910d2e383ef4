/**
 * A toast as the guest domains describe it (title / text of spec section 8).
 * Structurally the same as @bistro/ui's ToastInput, which libs/data may not import.
 */
export interface Notice {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
}
