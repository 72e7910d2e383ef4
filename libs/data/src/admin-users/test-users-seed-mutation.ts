import type { MutationHookOptions } from '../lib/mutation';
import { useAdminMutation } from '../lib/admin';
import { getFunctions } from '../lib/supabase-client';
import { DataError } from '../lib/errors';

export interface SeedTestUsersResult {
  created: number;
  existing: number;
  users: string[];
  /**
   * The new members' random passwords by e-mail, present unless the deployment allows the
   * demo's well-known password. The function returns them once and stores them nowhere.
   */
  passwords?: Record<string, string>;
}

/** Reads the `{ error }` body of a failed function call, if it has one. */
async function functionErrorMessage(error: unknown): Promise<string | undefined> {
  const context = (error as { context?: unknown } | null)?.context;
  if (context instanceof Response) {
    try {
      const body = (await context.clone().json()) as { error?: unknown; message?: unknown };
      if (typeof body.error === 'string') return body.error;
      if (typeof body.message === 'string') return body.message;
    } catch {
      // not JSON
    }
  }
  return undefined;
}

/** Calls the seed-test-users function (admins only): a few confirmed test members, idempotently. */
export async function seedTestUsers(): Promise<SeedTestUsersResult> {
  const { data, error } = await (
    await getFunctions()
  ).invoke<SeedTestUsersResult>('seed-test-users', { body: {} });
  if (error) {
    throw new DataError({
      message: (await functionErrorMessage(error)) ?? (error as Error).message,
    });
  }
  if (!data) throw new DataError({ message: 'The function returned no result.' });
  return data;
}

export const useTestUsersSeedMutation = (
  options: MutationHookOptions<SeedTestUsersResult, void> = {},
) => useAdminMutation(seedTestUsers, options);
