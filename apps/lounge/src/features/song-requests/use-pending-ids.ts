import { useCallback, useState } from 'react';

/** A set of ids with work in flight (one vote or status change per request at a time). */
export function usePendingIds() {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const add = useCallback(
    (id: string) =>
      setIds((prev) => {
        const next = new Set(prev);
        next.add(id);
        return next;
      }),
    [],
  );
  const remove = useCallback(
    (id: string) =>
      setIds((prev) => {
        if (!prev.has(id)) return prev;
        const next = new Set(prev);
        next.delete(id);
        return next;
      }),
    [],
  );
  return { ids, add, remove };
}
