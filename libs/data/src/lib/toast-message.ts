import { errorMessage } from './errors';

/**
 * A toast as every domain describes it: a title, an optional text and a tone.
 * The same shape as @bistro/ui's ToastInput, which libs/data may not import.
 */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
}

/** A toast for something that worked. */
export const successToast = (title: string, description?: string): ToastMessage => ({
  title,
  description,
  variant: 'success',
});

/** A toast for something that failed. */
export const failureToast = (title: string, description?: string): ToastMessage => ({
  title,
  description,
  variant: 'destructive',
});

/** A failure toast that shows the server's own message, or the fallback when it has none. */
export const serverFailureToast = (title: string, error: unknown, fallback: string): ToastMessage =>
  failureToast(title, errorMessage(error) ?? fallback);
