import { CheckCircle2, Clock, Music, XCircle, type LucideIcon } from 'lucide-react';

export type StatusTone = 'approved' | 'played' | 'declined' | 'pending';

export interface StatusView {
  tone: StatusTone;
  /** The status as stored, shown capitalised ("approved" -> "Approved"). */
  label: string;
  Icon: LucideIcon;
}

const known: Record<Exclude<StatusTone, 'pending'>, LucideIcon> = {
  approved: CheckCircle2,
  played: Music,
  declined: XCircle,
};

/** approved, played, declined; anything else looks like pending (default icon and colour). */
export function statusView(status: string | null | undefined): StatusView {
  const value = (status ?? '').trim().toLowerCase() || 'pending';
  const label = value.charAt(0).toUpperCase() + value.slice(1);
  if (value === 'approved' || value === 'played' || value === 'declined') {
    return { tone: value, label, Icon: known[value] };
  }
  return { tone: 'pending', label, Icon: Clock };
}
