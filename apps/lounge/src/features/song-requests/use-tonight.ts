import { useEffect, useState } from 'react';
import { businessDate } from '@bistro/data';

/** Tonight's business date, re-checked every minute so the page rolls over at 04:00. */
export function useTonight(): string {
  const [tonight, setTonight] = useState(() => businessDate());
  useEffect(() => {
    const timer = setInterval(() => setTonight(businessDate()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return tonight;
}
