import { useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Crown, Search, UserPlus } from 'lucide-react';
import { Badge, Button, Input, media, Muted, Row, theme, VisuallyHidden } from '@bistro/ui';
import { useUserId } from '@bistro/auth';
import {
  USERS_PAGE_SIZE,
  grantFailed,
  roleMessages,
  seedFailed,
  useAdmins,
  useUserDeleteMutation,
  useRoleGrantMutation,
  useTestUsersSeedMutation,
  useUserVipMutation,
  useUsersPage,
  userDeleteFailed,
  userMessages,
  vipFailed,
  type AdminUser,
} from '@bistro/data';
import { notify } from '../shared/notify';
import { displayName, formatDate } from '../shared/format';
import { useDebouncedValue } from '../shared/use-debounced-value';
import {
  Actions,
  ConfirmDialog,
  EmptyState,
  Item,
  ItemHead,
  List,
  Meta,
  Pager,
  QueryFrame,
  TabSection,
  SmallButton,
} from '../shared/ui';
import { DoorHistory } from './door-history';

const SearchBox = styled.div`
  position: relative;
  flex: 1 1 260px;
  svg {
    position: absolute;
    left: 12px;
    top: 50%;
    transform: translateY(-50%);
    color: ${theme.colors.textMuted};
    pointer-events: none;
  }
  input {
    padding-left: 40px;
  }
`;

/** Compact on wide screens: details on the left, actions on the right (25 rows a page). */
const UserItem = styled(Item)`
  ${media.md} {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
    padding: ${theme.space(3)} ${theme.space(5)};
  }
  > div:first-child {
    display: flex;
    flex-direction: column;
    gap: ${theme.space(1)};
    min-width: 0;
  }
`;

const PasswordPanel = styled.section`
  margin-bottom: 16px;
  padding: 12px 16px;
  border: 1px solid ${theme.colors.border};
  border-radius: 8px;
  h3 {
    margin: 0 0 4px;
    font-size: 1rem;
  }
  dl {
    margin: 8px 0;
  }
  dl > div {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
  }
  dt,
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const numbers = new Intl.NumberFormat('en-US');

export interface UserRowProps {
  user: AdminUser;
  isSelf: boolean;
  isAdmin: boolean;
  busy: boolean;
  onToggleVip: () => void;
  onMakeAdmin: () => void;
  onDelete: () => void;
}

/** One member. Delete and role buttons are never shown for the signed-in admin. */
export function UserRow({
  user,
  isSelf,
  isAdmin,
  busy,
  onToggleVip,
  onMakeAdmin,
  onDelete,
}: UserRowProps) {
  const name = displayName(user);
  return (
    <UserItem aria-label={name} data-user-id={user.user_id}>
      <div>
        <ItemHead style={{ justifyContent: 'flex-start' }}>
          <h3>{name}</h3>
          <Actions>
            {user.vip_status ? (
              <Badge $tone="accent">
                <Crown size={12} aria-hidden="true" /> VIP
              </Badge>
            ) : (
              <Badge $tone="muted">Member</Badge>
            )}
            {isAdmin ? <Badge $tone="success">Admin</Badge> : null}
            {isSelf ? <Badge $tone="muted">You</Badge> : null}
          </Actions>
        </ItemHead>
        <Meta>
          {user.email ?? 'No e-mail'}
          {user.phone ? ` · ${user.phone}` : ''}
        </Meta>
        <Meta>
          Joined {formatDate(user.created_at)} · {user.total_bookings}{' '}
          {user.total_bookings === 1 ? 'booking' : 'bookings'}
        </Meta>
        <DoorHistory userId={user.user_id} />
      </div>
      <Actions>
        <SmallButton
          type="button"
          $variant={user.vip_status ? 'ghost' : 'accent'}
          aria-pressed={user.vip_status}
          disabled={busy}
          onClick={onToggleVip}
        >
          {user.vip_status ? 'Remove VIP' : 'Make VIP'}
        </SmallButton>
        {!isSelf && !isAdmin ? (
          <SmallButton type="button" $variant="ghost" disabled={busy} onClick={onMakeAdmin}>
            Make Admin
          </SmallButton>
        ) : null}
        {!isSelf ? (
          <SmallButton type="button" $variant="danger" disabled={busy} onClick={onDelete}>
            Delete
          </SmallButton>
        ) : null}
      </Actions>
    </UserItem>
  );
}

/**
 * Profiles newest first, paged and searched on the server (by name or e-mail),
 * so it stays fast with 5,000+ members: VIP toggle, make admin, delete, and the
 * seed test users action.
 */
export function UsersTab() {
  const adminId = useUserId() ?? '';
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const term = useDebouncedValue(search.trim(), 300);
  const users = useUsersPage({ page, search: term });
  const admins = useAdmins();
  const adminIds = useMemo(() => new Set(admins.data?.map((a) => a.userId)), [admins.data]);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);

  const vip = useUserVipMutation({
    onSuccess: (_data, vars) => notify(userMessages.vipUpdated(vars.vip)),
  });
  const grant = useRoleGrantMutation({ onSuccess: () => notify(roleMessages.granted) });
  // Members deleted here: gone from the list at once, whatever answer (a search that was
  // loading while the delete ran, the previous search's rows) is on screen.
  const [deletedIds, setDeletedIds] = useState<ReadonlySet<string>>(() => new Set());
  const remove = useUserDeleteMutation({
    onSuccess: (_data, vars) => {
      setDeletedIds((ids) => new Set(ids).add(vars.userId));
      notify(userMessages.deleted);
      setToDelete(null);
    },
  });
  // Random passwords of new test members: shown here once, until the admin dismisses them.
  const [newPasswords, setNewPasswords] = useState<[string, string][]>([]);
  const seed = useTestUsersSeedMutation({
    onSuccess: (result) => {
      notify(userMessages.seeded(result.created, result.existing));
      setNewPasswords(Object.entries(result.passwords ?? {}));
    },
  });

  const onSearch = (value: string) => {
    setSearch(value);
    setPage(0);
  };
  const answer = users.data;
  const data = useMemo(() => {
    if (!answer) return answer;
    const rows = answer.rows.filter((u) => !deletedIds.has(u.user_id));
    return { ...answer, rows, total: answer.total - (answer.rows.length - rows.length) };
  }, [answer, deletedIds]);
  // A page past the end (after deletions) comes back as the first page: follow it.
  const answeredPage = users.isPlaceholderData ? undefined : data?.page;
  useEffect(() => {
    if (answeredPage !== undefined && answeredPage !== page) setPage(answeredPage);
  }, [answeredPage, page]);
  const searching = users.isPlaceholderData || (data !== undefined && data.search !== term);
  const busyId =
    (vip.isPending && vip.variables?.userId) ||
    (grant.isPending && grant.variables && 'userId' in grant.variables && grant.variables.userId) ||
    null;

  return (
    <TabSection
      headingId="users-heading"
      title="Users"
      aside={
        <Button
          type="button"
          $variant="ghost"
          disabled={seed.isPending}
          onClick={() => seed.mutate(undefined, { onError: (error) => notify(seedFailed(error)) })}
        >
          <UserPlus size={18} aria-hidden="true" />
          {seed.isPending ? 'Seeding…' : 'Seed Test Users'}
        </Button>
      }
    >
      {newPasswords.length > 0 && (
        <PasswordPanel aria-labelledby="test-passwords-heading">
          <h3 id="test-passwords-heading">Test member passwords</h3>
          <Muted>Shown only once: copy them now. They are not stored anywhere.</Muted>
          <dl>
            {newPasswords.map(([email, password]) => (
              <div key={email}>
                <dt>{email}</dt>
                <dd>
                  <code>{password}</code>
                </dd>
              </div>
            ))}
          </dl>
          <Button type="button" $variant="ghost" onClick={() => setNewPasswords([])}>
            Dismiss
          </Button>
        </PasswordPanel>
      )}
      <Row style={{ marginBottom: 16 }}>
        <SearchBox>
          <VisuallyHidden as="label" htmlFor={searchId}>
            Search users by name or e-mail
          </VisuallyHidden>
          <Search size={18} aria-hidden="true" />
          <Input
            id={searchId}
            type="search"
            value={search}
            placeholder="Search by name or e-mail"
            autoComplete="off"
            onChange={(e) => onSearch(e.target.value)}
          />
        </SearchBox>
        <Muted role="status" aria-live="polite" style={{ margin: 0 }} data-testid="users-total">
          {data
            ? `${numbers.format(data.total)} ${data.total === 1 ? 'user' : 'users'}${data.search ? ` matching "${data.search}"` : ''}`
            : ''}
          {searching ? ' · searching…' : ''}
        </Muted>
      </Row>
      <QueryFrame query={users} loadingLabel="Loading users…">
        {data && data.rows.length > 0 ? (
          <>
            <List aria-label="Users" aria-busy={users.isFetching}>
              {data.rows.map((user) => (
                <UserRow
                  key={user.user_id}
                  user={user}
                  isSelf={user.user_id === adminId}
                  isAdmin={adminIds.has(user.user_id)}
                  busy={busyId === user.user_id}
                  onToggleVip={() =>
                    vip.mutate(
                      { userId: user.user_id, vip: !user.vip_status },
                      { onError: (error) => notify(vipFailed(error)) },
                    )
                  }
                  onMakeAdmin={() =>
                    grant.mutate(
                      { userId: user.user_id },
                      { onError: (error) => notify(grantFailed(error)) },
                    )
                  }
                  onDelete={() => setToDelete(user)}
                />
              ))}
            </List>
            <Pager
              page={data.page}
              pageCount={data.pageCount}
              pageSize={USERS_PAGE_SIZE}
              busy={users.isFetching}
              onPage={setPage}
            />
          </>
        ) : (
          <EmptyState>
            {data?.search ? `No users match "${data.search}".` : 'No users yet.'}
          </EmptyState>
        )}
      </QueryFrame>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this user?"
        description={`${toDelete ? displayName(toDelete) : ''} and all of their bookings, photos, offers and votes will be deleted. This action cannot be undone.`}
        confirmLabel="Delete User"
        busy={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(
            { userId: toDelete.user_id, adminId },
            {
              onError: (error) => {
                notify(userDeleteFailed(error));
                setToDelete(null);
              },
            },
          )
        }
      />
    </TabSection>
  );
}
