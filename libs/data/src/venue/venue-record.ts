import type { Tables } from '../database.types';
import { formatClock, weeklySummary, type DayHours, type HoursException } from './venue-hours';

export type VenueSettingsRow = Tables<'venue_settings'>;

export interface SocialLink {
  label: string;
  url: string;
}

/**
 * The venue as every screen shows it: the one record admins edit, with what
 * is derived from it (address line, map link, dial link, the hours and age
 * policy in words). Nothing here is a second copy of a stored value.
 */
export interface Venue {
  name: string;
  shortName: string;
  tagline: string;
  address: {
    street: string;
    city: string;
    region: string;
    regionCode: string;
    postalCode: string;
  };
  /** "1250 West 6th Street, Cleveland, OH 44113". */
  addressLine: string;
  /** Google Maps search for the address. */
  mapsUrl: string;
  phone: string;
  /** "tel:+12165550142". */
  phoneHref: string;
  email: string;
  hours: DayHours[];
  exceptions: HoursException[];
  /** "daily 11AM to 1AM". */
  hoursSummary: string;
  hoursNote: string;
  dressCode: string;
  minimumAge: number;
  /** "HH:MM:SS" venue time, or null when all ages are welcome at every hour. */
  adultsOnlyFrom: string | null;
  /** "All ages until 9PM; 21+ with a valid photo ID from 9PM." */
  agePolicy: string;
  coverChargeNote: string;
  socialLinks: SocialLink[];
  /** An uploaded menu image for the order page; null: the menu is drawn from its items. */
  menuImageUrl: string | null;
  /** Admin actions need a session completed with an authenticator code (aal2). */
  adminRequiresMfa: boolean;
  /** Guests let in on one night, counted at the door; null: no limit shown. */
  doorCapacity: number | null;
  /** "HH:MM:SS" venue time on the morning after a night when its no-shows are marked. */
  noShowsAt: string;
  updatedAt: string;
}

export function addressLine(a: Venue['address']): string {
  return `${a.street}, ${a.city}, ${a.regionCode} ${a.postalCode}`;
}

export function mapsUrl(line: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(line)}`;
}

/** "(216) 555-0142" -> "tel:+12165550142" (a US number). */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

/** The age policy in words, from the minimum age and the hour it starts. */
export function agePolicy(minimumAge: number, adultsOnlyFrom: string | null): string {
  if (!adultsOnlyFrom) return 'All ages welcome.';
  const [h = '0', m = '0'] = adultsOnlyFrom.split(':');
  if (Number(h) === 0 && Number(m) === 0)
    return `${minimumAge}+ with a valid photo ID at all hours.`;
  const from = formatClock(adultsOnlyFrom);
  return `All ages until ${from}; ${minimumAge}+ with a valid photo ID from ${from}.`;
}

/** Only well-formed https links (the database checks the same). */
export function parseSocialLinks(value: unknown): SocialLink[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const { label, url } = item as Record<string, unknown>;
    return typeof label === 'string' && typeof url === 'string' && /^https:\/\/\S+$/.test(url)
      ? [{ label, url }]
      : [];
  });
}

export function toVenue(
  row: VenueSettingsRow,
  hours: readonly DayHours[],
  exceptions: readonly HoursException[],
): Venue {
  const address = {
    street: row.street,
    city: row.city,
    region: row.region,
    regionCode: row.region_code,
    postalCode: row.postal_code,
  };
  const line = addressLine(address);
  const week = [...hours].sort((a, b) => a.weekday - b.weekday);
  return {
    name: row.name,
    shortName: row.short_name,
    tagline: row.tagline,
    address,
    addressLine: line,
    mapsUrl: mapsUrl(line),
    phone: row.phone,
    phoneHref: phoneHref(row.phone),
    email: row.email,
    hours: week,
    exceptions: [...exceptions],
    hoursSummary: weeklySummary(week),
    hoursNote: row.hours_note,
    dressCode: row.dress_code,
    minimumAge: row.minimum_age,
    adultsOnlyFrom: row.adults_only_from,
    agePolicy: agePolicy(row.minimum_age, row.adults_only_from),
    coverChargeNote: row.cover_charge_note,
    socialLinks: parseSocialLinks(row.social_links),
    menuImageUrl: row.menu_image_url,
    adminRequiresMfa: row.admin_requires_mfa,
    doorCapacity: row.door_capacity,
    noShowsAt: row.no_shows_at,
    updatedAt: row.updated_at,
  };
}
