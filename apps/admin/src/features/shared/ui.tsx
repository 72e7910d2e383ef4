import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Dialog, ErrorState, LoadingState, Muted, Row, media, theme } from '@bistro/ui';
import { adminLoadFailed } from '@bistro/data';
import { useLoadErrorToast } from './notify';

export const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
`;

export const Item = styled.li`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  padding: ${theme.space(4)};
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  ${media.md} {
    padding: ${theme.space(5)};
  }
`;

export const ItemHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${theme.space(2)};
  h3 {
    margin: 0;
    font-size: 1.1rem;
    overflow-wrap: anywhere;
  }
`;

export const Meta = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: 0.95rem;
  overflow-wrap: anywhere;
`;

export const Actions = styled(Row)`
  gap: ${theme.space(2)};
`;

export const SmallButton = styled(Button)`
  padding: 0 ${theme.space(4)};
`;

const SectionHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(3)};
  margin-bottom: ${theme.space(4)};
  h2 {
    margin: 0;
    font-size: 1.35rem;
  }
`;

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Muted role="status" style={{ padding: '24px 0' }}>
      {children}
    </Muted>
  );
}

/** What QueryFrame reads of a useQuery result. */
export interface FramedQuery {
  isPending: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * The shared loading / error frame of a tab: 'Error' / 'Failed to load admin
 * data' with Retry (and a toast) when the list cannot be loaded.
 */
export function QueryFrame({
  query,
  loadingLabel,
  children,
}: {
  query: FramedQuery;
  loadingLabel: string;
  children: ReactNode;
}) {
  useLoadErrorToast(query.isError, query.error);
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError) {
    return (
      <ErrorState
        title={adminLoadFailed.title}
        message={adminLoadFailed.description ?? ''}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children}</>;
}

/**
 * A tab's list inside its QueryFrame: the rows, or `empty` when there are none.
 * `label` names the list for screen readers (and the e2e tests).
 */
export function QueryList<T>({
  query,
  label,
  loadingLabel,
  empty,
  children,
}: {
  query: FramedQuery & { data?: T[] };
  label: string;
  loadingLabel: string;
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <QueryFrame query={query} loadingLabel={loadingLabel}>
      {query.data?.length ? (
        <List aria-label={label}>{children(query.data)}</List>
      ) : (
        <EmptyState>{empty}</EmptyState>
      )}
    </QueryFrame>
  );
}

/** A tab: a section labelled by its heading, with what stands beside the heading (a count, a button). */
export function TabSection({
  headingId,
  title,
  aside,
  children,
}: {
  headingId: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId}>
      <SectionHead>
        <h2 id={headingId}>{title}</h2>
        {aside}
      </SectionHead>
      {children}
    </section>
  );
}

/** A yes/no confirmation for destructive actions. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <Row style={{ justifyContent: 'flex-end' }}>
        <Button type="button" $variant="ghost" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="button" $variant="danger" disabled={busy} onClick={onConfirm}>
          {busy ? 'Working…' : confirmLabel}
        </Button>
      </Row>
    </Dialog>
  );
}

const PagerRow = styled(Row)`
  justify-content: space-between;
  margin-top: ${theme.space(4)};
`;

/** Previous / "Page n of m · k per page" / Next under a server-paged list. */
export function Pager({
  page,
  pageCount,
  pageSize,
  busy,
  onPage,
}: {
  /** Zero-based. */
  page: number;
  pageCount: number;
  pageSize: number;
  /** A page is loading: both moves wait. */
  busy: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <PagerRow>
      <Button
        type="button"
        $variant="ghost"
        disabled={page === 0 || busy}
        onClick={() => onPage(Math.max(0, page - 1))}
      >
        Previous
      </Button>
      <Muted style={{ margin: 0 }}>
        Page {page + 1} of {pageCount} · {pageSize} per page
      </Muted>
      <Button
        type="button"
        $variant="ghost"
        disabled={page + 1 >= pageCount || busy}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </PagerRow>
  );
}
