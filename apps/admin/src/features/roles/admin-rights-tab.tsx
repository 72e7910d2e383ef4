import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Card, Field, Input, Label, Muted } from '@bistro/ui';
import { useUserId } from '@bistro/auth';
import {
  grantFailed,
  revokeFailed,
  roleMessages,
  useAdmins,
  useRoleGrantMutation,
  useRoleRevokeMutation,
} from '@bistro/data';
import { notify } from '../shared/notify';
import { displayName, formatDate } from '../shared/format';
import { Actions, Item, ItemHead, Meta, TabSection, SmallButton, QueryList } from '../shared/ui';
import { StaffRolesCard } from './staff-roles-card';

/** Grant admin by e-mail; the admins, each with Revoke (never for the signed-in admin). */
export function AdminRightsTab() {
  const selfId = useUserId() ?? '';
  const emailId = useId();
  const [email, setEmail] = useState('');
  const admins = useAdmins();
  const grant = useRoleGrantMutation({
    onSuccess: () => {
      notify(roleMessages.granted);
      setEmail('');
    },
  });
  const revoke = useRoleRevokeMutation({ onSuccess: () => notify(roleMessages.revoked) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    grant.mutate({ email }, { onError: (error) => notify(grantFailed(error)) });
  };

  return (
    <TabSection headingId="roles-heading" title="Admin Rights">
      <Card as="form" onSubmit={submit} style={{ marginBottom: 20 }}>
        <Field>
          <Label htmlFor={emailId}>Grant admin rights by e-mail</Label>
          <Input
            id={emailId}
            type="email"
            value={email}
            required
            placeholder="member@example.com"
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Button type="submit" disabled={!email.trim() || grant.isPending}>
          {grant.isPending ? 'Granting…' : 'Grant Admin'}
        </Button>
        <Muted style={{ marginTop: 12, marginBottom: 0 }}>
          You can also grant admin rights from the Users tab.
        </Muted>
      </Card>
      <h3>Current admins</h3>
      <QueryList
        query={admins}
        label="Admins"
        loadingLabel="Loading admins…"
        empty="No admins found."
      >
        {(rows) =>
          rows.map((admin) => {
            const isSelf = admin.userId === selfId;
            const name = displayName(admin);
            return (
              <Item key={admin.userId} aria-label={name}>
                <ItemHead>
                  <h3>{name}</h3>
                  <Actions>
                    <Badge $tone="success">Admin</Badge>
                    {isSelf ? <Badge $tone="muted">You</Badge> : null}
                  </Actions>
                </ItemHead>
                <Meta>
                  {admin.email ?? 'No e-mail'} · admin since {formatDate(admin.grantedAt)}
                </Meta>
                {!isSelf ? (
                  <Actions>
                    <SmallButton
                      type="button"
                      $variant="danger"
                      disabled={revoke.isPending && revoke.variables?.userId === admin.userId}
                      onClick={() =>
                        revoke.mutate(
                          { userId: admin.userId },
                          { onError: (error) => notify(revokeFailed(error)) },
                        )
                      }
                    >
                      Revoke Admin
                    </SmallButton>
                  </Actions>
                ) : null}
              </Item>
            );
          })
        }
      </QueryList>
      <StaffRolesCard />
    </TabSection>
  );
}
