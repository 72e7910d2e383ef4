import { CheckCircle2, Clock, Disc3, Music, XCircle, type LucideIcon } from 'lucide-react';

export type StatusTone = 'approved' | 'playing' | 'played' | 'declined' | 'pending';

export interface StatusView {
  tone: StatusTone;
  /** The status as stored, shown capitalised ("approved" -> "Approved"). */
  label: string;
  Icon: LucideIcon;
}

const known: Record<Exclude<StatusTone, 'pending'>, LucideIcon> = {
  approved: CheckCircle2,
  playing: Disc3,
  played: Music,
  declined: XCircle,
};

const isKnown = (value: string): value is Exclude<StatusTone, 'pending'> => value in known;

/** approved, playing, played, declined; anything else looks like pending (default icon and colour). */
export function statusView(status: string | null | undefined): StatusView {
  const value = (status ?? '').trim().toLowerCase() || 'pending';
  const label = value.charAt(0).toUpperCase() + value.slice(1);
  if (isKnown(value)) return { tone: value, label, Icon: known[value] };
  return { tone: 'pending', label, Icon: Clock };
}
