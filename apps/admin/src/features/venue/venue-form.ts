import { z } from 'zod';
import type { DayHours, HoursExceptionInput, Venue, VenueSettingsInput } from '@bistro/data';

// The Content-Security-Policy allows no eval: zod must not compile parsers with
// new Function (nor probe whether it may). Set before any schema is built.
z.config({ jitless: true });

/**
 * The Venue tab's forms, checked as the database checks them (the same
 * formats and lengths), so an admin sees what is wrong before saving.
 */
const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is at most ${max} characters.`);
const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} is at most ${max} characters.`);
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time such as 11:00.');

export const settingsSchema = z.object({
  name: text('Name', 100),
  short_name: text('Short name', 60),
  tagline: optionalText('Tagline', 200),
  street: text('Street', 200),
  city: text('City', 100),
  region: text('State', 100),
  region_code: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'Enter the two-letter state code, such as OH.'),
  postal_code: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code.'),
  phone: z
    .string()
    .trim()
    .regex(/^\([2-9]\d{2}\) \d{3}-\d{4}$/, 'Enter the phone as (216) 555-0142.'),
  email: z.string().trim().max(254).email('Enter a valid e-mail address.'),
  hours_note: optionalText('Hours note', 300),
  dress_code: optionalText('Dress code', 500),
  minimum_age: z.coerce
    .number<string | number>()
    .int('Enter a whole number.')
    .min(18, 'The minimum age is 18 to 25.')
    .max(25, 'The minimum age is 18 to 25.'),
  adults_only_from: z.union([z.literal(''), clock]),
  cover_charge_note: optionalText('Cover charge note', 500),
  door_capacity: z.union([
    z.literal(''),
    z.coerce
      .number<string | number>()
      .int('Enter a whole number.')
      .min(1, 'The capacity is 1 to 100,000 guests.')
      .max(100_000, 'The capacity is 1 to 100,000 guests.'),
  ]),
  no_shows_at: clock,
  social_links: z
    .array(
      z.object({
        label: text('Label', 40),
        url: z
          .string()
          .trim()
          .max(300)
          .regex(/^https:\/\/\S+$/, 'Enter an address starting with https://.'),
      }),
    )
    .max(8, 'At most 8 links.'),
});

export type SettingsValues = z.input<typeof settingsSchema>;

export function settingsValues(venue: Venue): SettingsValues {
  return {
    name: venue.name,
    short_name: venue.shortName,
    tagline: venue.tagline,
    street: venue.address.street,
    city: venue.address.city,
    region: venue.address.region,
    region_code: venue.address.regionCode,
    postal_code: venue.address.postalCode,
    phone: venue.phone,
    email: venue.email,
    hours_note: venue.hoursNote,
    dress_code: venue.dressCode,
    minimum_age: String(venue.minimumAge),
    adults_only_from: venue.adultsOnlyFrom?.slice(0, 5) ?? '',
    cover_charge_note: venue.coverChargeNote,
    door_capacity: venue.doorCapacity === null ? '' : String(venue.doorCapacity),
    no_shows_at: venue.noShowsAt.slice(0, 5),
    social_links: venue.socialLinks.map((l) => ({ ...l })),
  };
}

/** The update the form's checked values write. */
export function settingsInput(values: z.output<typeof settingsSchema>): VenueSettingsInput {
  return {
    ...values,
    adults_only_from: values.adults_only_from || null,
    door_capacity: values.door_capacity === '' ? null : values.door_capacity,
  };
}

export const dayHoursSchema = z
  .object({
    weekday: z.number().int().min(0).max(6),
    is_closed: z.boolean(),
    opens_at: z.string(),
    closes_at: z.string(),
  })
  .superRefine((day, ctx) => {
    if (day.is_closed) return;
    for (const key of ['opens_at', 'closes_at'] as const) {
      if (!clock.safeParse(day[key]).success)
        ctx.addIssue({ code: 'custom', path: [key], message: 'Enter a time such as 11:00.' });
    }
    if (day.opens_at === day.closes_at)
      ctx.addIssue({
        code: 'custom',
        path: ['closes_at'],
        message: 'Opening and closing times must differ.',
      });
  });

export const hoursSchema = z.object({ days: z.array(dayHoursSchema).length(7) });
export type HoursValues = z.input<typeof hoursSchema>;

/** The seven days as the form edits them, Monday first. */
export function hoursValues(hours: readonly DayHours[]): HoursValues {
  return {
    days: [1, 2, 3, 4, 5, 6, 0].map((weekday) => {
      const day = hours.find((h) => h.weekday === weekday);
      return {
        weekday,
        is_closed: day?.is_closed ?? true,
        opens_at: day?.opens_at?.slice(0, 5) ?? '',
        closes_at: day?.closes_at?.slice(0, 5) ?? '',
      };
    }),
  };
}

export function hoursInput(values: HoursValues): DayHours[] {
  return values.days.map((d) => ({
    weekday: d.weekday,
    is_closed: d.is_closed,
    opens_at: d.is_closed ? null : d.opens_at,
    closes_at: d.is_closed ? null : d.closes_at,
  }));
}

export const exceptionSchema = z
  .object({
    on_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a date.'),
    label: text('What is on', 100),
    is_closed: z.boolean(),
    opens_at: z.string(),
    closes_at: z.string(),
  })
  .superRefine((e, ctx) => {
    if (e.is_closed) return;
    for (const key of ['opens_at', 'closes_at'] as const) {
      if (!clock.safeParse(e[key]).success)
        ctx.addIssue({ code: 'custom', path: [key], message: 'Enter a time such as 11:00.' });
    }
    if (e.opens_at === e.closes_at)
      ctx.addIssue({
        code: 'custom',
        path: ['closes_at'],
        message: 'Opening and closing times must differ.',
      });
  });

export type ExceptionValues = z.input<typeof exceptionSchema>;

export const emptyException: ExceptionValues = {
  on_date: '',
  label: '',
  is_closed: true,
  opens_at: '',
  closes_at: '',
};

export function exceptionInput(values: ExceptionValues): HoursExceptionInput {
  return {
    on_date: values.on_date,
    label: values.label.trim(),
    is_closed: values.is_closed,
    opens_at: values.is_closed ? null : values.opens_at,
    closes_at: values.is_closed ? null : values.closes_at,
  };
}
