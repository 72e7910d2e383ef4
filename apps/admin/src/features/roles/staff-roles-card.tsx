import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Card, Field, Input, Label, Muted } from '@bistro/ui';
import {
  STAFF_ROLES,
  revokeFailed,
  staffGrantFailed,
  staffRoleLabel,
  staffRoleMessages,
  useStaffAccounts,
  useStaffRoleGrantMutation,
  useStaffRoleRevokeMutation,
  type StaffRole,
} from '@bistro/data';
import { notify } from '../shared/notify';
import { displayName, formatDate } from '../shared/format';
import { Actions, Item, ItemHead, Meta, QueryList, SmallButton } from '../shared/ui';

/**
 * Staff (the door and tonight's lists, nothing else of the admin) and promoters, granted by
 * e-mail and revoked here; the database lets only admins write roles.
 */
export function StaffRolesCard() {
  const ids = { email: useId(), role: useId() };
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const accounts = useStaffAccounts();
  const grant = useStaffRoleGrantMutation({
    onSuccess: (_id, vars) => {
      notify(staffRoleMessages.granted(vars.role));
      setEmail('');
    },
  });
  const revoke = useStaffRoleRevokeMutation({
    onSuccess: (_v, vars) => notify(staffRoleMessages.revoked(vars.role)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    grant.mutate({ email, role }, { onError: (error) => notify(staffGrantFailed(error, role)) });
  };

  return (
    <section aria-labelledby="staff-roles-heading" style={{ marginTop: 28 }}>
      <h3 id="staff-roles-heading">Staff and promoters</h3>
      <Card as="form" onSubmit={submit} style={{ marginBottom: 20 }}>
        <Field>
          <Label htmlFor={ids.email}>Grant a role by e-mail</Label>
          <Input
            id={ids.email}
            type="email"
            value={email}
            required
            placeholder="member@example.com"
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor={ids.role}>Role</Label>
          <select
            id={ids.role}
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
            style={{ minHeight: 44 }}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {staffRoleLabel[r]}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" disabled={!email.trim() || grant.isPending}>
          {grant.isPending ? 'Granting…' : `Grant ${staffRoleLabel[role]}`}
        </Button>
        <Muted style={{ marginTop: 12, marginBottom: 0 }}>
          Staff open the door (tonight&apos;s arrivals) and nothing else of the admin.
        </Muted>
      </Card>
      <QueryList
        query={accounts}
        label="Staff and promoters"
        loadingLabel="Loading staff…"
        empty="No staff or promoters yet."
      >
        {(rows) =>
          rows.map((account) => {
            const name = displayName(account);
            const label = staffRoleLabel[account.role];
            return (
              <Item key={`${account.userId}:${account.role}`} aria-label={`${name}, ${label}`}>
                <ItemHead>
                  <h3>{name}</h3>
                  <Badge $tone="accent">{label}</Badge>
                </ItemHead>
                <Meta>
                  {account.email ?? 'No e-mail'} · {label.toLowerCase()} since{' '}
                  {formatDate(account.grantedAt)}
                </Meta>
                <Actions>
                  <SmallButton
                    type="button"
                    $variant="danger"
                    disabled={
                      revoke.isPending &&
                      revoke.variables?.userId === account.userId &&
                      revoke.variables.role === account.role
                    }
                    onClick={() =>
                      revoke.mutate(
                        { userId: account.userId, role: account.role },
                        { onError: (error) => notify(revokeFailed(error)) },
                      )
                    }
                  >
                    Revoke {label}
                  </SmallButton>
                </Actions>
              </Item>
            );
          })
        }
      </QueryList>
    </section>
  );
}
