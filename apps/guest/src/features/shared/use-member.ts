import { useAuthStore, useUserId } from '@bistro/auth';

/** The signed-in member's id and e-mail (undefined for visitors and while loading). */
export function useMember() {
  const status = useAuthStore((s) => s.status);
  const userId = useUserId() ?? undefined;
  const email = useAuthStore((s) => s.session?.user.email);
  const firstName = useAuthStore(
    (s) => (s.session?.user.user_metadata as { first_name?: string } | undefined)?.first_name,
  );
  return { status, userId, email, firstName, signedIn: status === 'signedIn' };
}
