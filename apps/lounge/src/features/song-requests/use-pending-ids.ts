import { useCallback, useMemo, useState } from 'react';

/** Work in flight by request id, with what each will change to (one at a time per request). */
function usePendingMap<V>() {
  const [map, setMap] = useState<ReadonlyMap<string, V>>(() => new Map());
  const add = useCallback(
    (id: string, value: V) =>
      setMap((prev) => {
        const next = new Map(prev);
        next.set(id, value);
        return next;
      }),
    [],
  );
  const remove = useCallback(
    (id: string) =>
      setMap((prev) => {
        if (!prev.has(id)) return prev;
        const next = new Map(prev);
        next.delete(id);
        return next;
      }),
    [],
  );
  return { map, add, remove };
}

/** A set of ids with work in flight (one status change per request at a time). */
export function usePendingIds() {
  const { map, add, remove } = usePendingMap<true>();
  const ids: ReadonlySet<string> = useMemo(() => new Set(map.keys()), [map]);
  const addId = useCallback((id: string) => add(id, true), [add]);
  return { ids, add: addId, remove };
}

/**
 * The member's vote changes in flight, by request: whether each will leave the song voted.
 * The list shows each at once (pressed or not), its button busy, until the answer is in.
 */
export function usePendingVotes() {
  const { map: votes, add, remove } = usePendingMap<boolean>();
  return { votes, add, remove };
}
