import { DataError, errorMessage } from '../lib/errors';

/** A toast as the admin screens show it (libs/data does not import libs/ui). */
export interface AdminMessage {
  title: string;
  description?: string;
  variant: 'default' | 'success' | 'destructive';
}

/** Spec section 8, Admin: any admin list that cannot be loaded. */
export const adminLoadFailed: AdminMessage = {
  title: 'Error',
  description: 'Failed to load admin data',
  variant: 'destructive',
};

/** A moderation action the server refused, with its own message when it has one. */
export function adminActionFailed(error: unknown, fallback = 'Please try again.'): AdminMessage {
  return { title: 'Error', description: errorMessage(error) ?? fallback, variant: 'destructive' };
}

export const success = (title: string, description?: string): AdminMessage => ({
  title,
  description,
  variant: 'success',
});

/**
 * Updates and deletes that row-level security filters out raise nothing: they
 * return no rows. Treat that as the refusal it is.
 */
export function requireRow<T>(rows: T[] | null, what: string): T {
  const row = rows?.[0];
  if (!row) throw new DataError({ code: '42501', message: `The ${what} could not be changed.` });
  return row;
}
