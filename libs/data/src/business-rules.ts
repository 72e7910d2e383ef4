// Generated from the database by supabase/business-rules/generate.ts: change a
// rule in a new migration and run `node --import tsx supabase/business-rules/generate.ts`;
// never edit this file. supabase/tests/business-rules.test.ts fails when it drifts.

/** The business numbers the database enforces, as public.business_rules() returns them. */
export const BUSINESS_RULES = {
  birthday_offer_days: 7,
  booking_guests_max: 20,
  booking_guests_min: 1,
  business_day_rollover_hour: 4,
  rating_stars_max: 5,
  requests_per_night: 5,
  reservation_days_ahead: 60,
  reservation_party_max: 12,
  reservation_party_min: 1,
  venue_time_zone: 'America/New_York',
  votes_per_night: 3,
} as const;

/** The longest text each column takes, by table, from its CHECK constraints. */
export const TEXT_LIMITS = {
  dining_blocks: {
    reason: 200,
  },
  dining_tables: {
    label: 20,
  },
  dj_ratings: {
    comment: 1000,
  },
  djs: {
    bio: 2000,
    image_url: 2048,
    name: 120,
  },
  door_scans: {
    device_id: 64,
  },
  event_bookings: {
    admin_notes: 2000,
    email: 255,
    event_image_url: 2048,
    event_title: 200,
    name: 200,
    occasion: 200,
    phone: 50,
    special_requests: 2000,
  },
  event_images: {
    alt_text: 300,
    image_url: 2048,
  },
  event_templates: {
    description: 5000,
    featured_image_url: 2048,
    title: 200,
  },
  events: {
    description: 5000,
    featured_image_url: 2048,
    title: 200,
  },
  guest_list_entries: {
    guest_name: 100,
  },
  lounge_sections: {
    name: 40,
  },
  lounge_settings: {
    policy_text: 2000,
  },
  lounge_tables: {
    name: 20,
  },
  menu_items: {
    description: 500,
    name: 100,
    unit: 30,
  },
  menu_sections: {
    note: 300,
    slug: 60,
    title: 60,
  },
  offers: {
    description: 2000,
    title: 200,
  },
  photo_wall: {
    caption: 500,
    image_url: 2048,
  },
  profiles: {
    email: 320,
    first_name: 200,
    last_name: 200,
    phone: 50,
  },
  promoters: {
    name: 80,
  },
  promotions: {
    body: 500,
    title: 120,
  },
  push_subscriptions: {
    auth: 100,
    endpoint: 2000,
    p256dh: 200,
  },
  release_reports: {
    last_reason: 300,
  },
  reservations: {
    guest_name: 100,
    occasion: 60,
    phone: 30,
    special_requests: 500,
    staff_notes: 500,
  },
  song_requests: {
    artist: 200,
    requested_by_name: 60,
    song_title: 200,
  },
  table_requests: {
    guest_name: 100,
    note: 500,
    staff_message: 500,
  },
  venue_hour_exceptions: {
    label: 100,
  },
  venue_settings: {
    city: 100,
    cover_charge_note: 500,
    dress_code: 500,
    email: 254,
    hours_note: 300,
    menu_image_url: 2048,
    name: 100,
    region: 100,
    short_name: 60,
    street: 200,
    tagline: 200,
  },
} as const;
