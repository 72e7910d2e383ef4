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

/**
 * The member's vote changes in flight, by request: whether each will leave the song voted.
 * The list shows each at once (pressed or not), its button busy, until the answer is in.
 */
export function usePendingVotes() {
  const [votes, setVotes] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const add = useCallback(
    (id: string, voted: boolean) =>
      setVotes((prev) => {
        const next = new Map(prev);
        next.set(id, voted);
        return next;
      }),
    [],
  );
  const remove = useCallback(
    (id: string) =>
      setVotes((prev) => {
        if (!prev.has(id)) return prev;
        const next = new Map(prev);
        next.delete(id);
        return next;
      }),
    [],
  );
  return { votes, add, remove };
}
