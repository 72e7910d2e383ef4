import {
  VOTES_PER_NIGHT,
  formatException,
  upcomingExceptions,
  venueToday,
  type Venue,
} from '@bistro/data';

export interface ChatTopic {
  id: string;
  /** Lower-case words or phrases; a reply is chosen by the most matches. */
  keywords: readonly string[];
  reply: string;
  /** A page of the app the reply points to, shown as a link under it. */
  link?: { to: string; label: string };
}

/** The days ahead whose special hours the hours answer mentions. */
export const CHAT_EXCEPTION_DAYS = 14;

/** While the venue record has not arrived (or cannot be read), answers point to the contact page. */
const ON_CONTACT_PAGE = 'Our hours, address and phone number are on the Contact page.';

/** The hours answer: the week, the venue's note and the special hours of the next two weeks. */
export function hoursReply(venue: Venue | undefined, today: string = venueToday()): string {
  if (!venue) return ON_CONTACT_PAGE;
  const special = upcomingExceptions(venue.exceptions, today, CHAT_EXCEPTION_DAYS);
  return [
    `We're open ${venue.hoursSummary}.`,
    venue.hoursNote,
    special.length ? `Special hours: ${special.map(formatException).join('; ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The topics the chat assistant answers (about 20), matched by keyword. The
 * answers about the venue (hours, address, phone, dress code, age, cover) are
 * written from its record.
 */
export const chatTopicsFor = (venue: Venue | undefined): readonly ChatTopic[] => [
  {
    id: 'hours',
    keywords: ['hours', 'open', 'close', 'closing', 'opening', 'late', 'time', 'when'],
    reply: hoursReply(venue),
  },
  {
    id: 'parking',
    keywords: ['parking', 'park', 'garage', 'valet', 'car', 'lot'],
    reply:
      'Valet parking runs from 6PM Thursday to Saturday, and the public garage across West 6th Street is a one-minute walk.',
  },
  {
    id: 'location',
    keywords: ['where', 'address', 'location', 'located', 'directions', 'find', 'map', 'downtown'],
    reply: venue
      ? `You'll find us at ${venue.addressLine}, in downtown ${venue.address.city}, ${venue.address.region}. The Contact page has an open-in-maps button.`
      : ON_CONTACT_PAGE,
  },
  {
    id: 'menu',
    keywords: [
      'menu',
      'food',
      'eat',
      'dishes',
      'dinner',
      'lunch',
      'kitchen',
      'appetizers',
      'plates',
    ],
    reply:
      'Our menu has small plates, burgers, seafood and late-night bites. Open the Order page to see it, then order with your server at the table or at the bar.',
  },
  {
    id: 'drinks',
    keywords: ['drinks', 'cocktail', 'cocktails', 'bar', 'wine', 'beer', 'bottle', 'mocktail'],
    reply:
      'The bar pours signature cocktails, local craft beer, wine by the glass and bottle service in the lounge. Mocktails are always available.',
  },
  {
    id: 'order',
    keywords: ['order', 'ordering', 'deliver', 'delivery', 'takeout', 'pickup', 'scan', 'qr'],
    reply:
      'Ordering happens with our staff: tell your server at the table or order at the bar. We do not offer delivery right now.',
  },
  {
    id: 'payment',
    keywords: ['pay', 'payment', 'card', 'cash', 'visa', 'mastercard', 'amex', 'american express'],
    reply: 'We accept Visa, Mastercard, American Express and cash.',
  },
  {
    id: 'reservations',
    keywords: ['reserve', 'reservation', 'reservations', 'table', 'book', 'booking', 'seat'],
    reply:
      'Book a dinner table online: pick your party size, a date and a time on the Reserve a Table page and your table is confirmed at once. For events, sign in and press "Reserve Your Spot" on the Events page; our team confirms every booking.',
    link: { to: '/reserve', label: 'Reserve a Table' },
  },
  {
    id: 'events',
    keywords: ['event', 'events', 'happening', 'lineup', 'party', 'weekend', 'friday', 'saturday'],
    reply:
      'See everything coming up on the Events page: themed nights, live music and DJ sets. Members can book a spot right there.',
  },
  {
    id: 'private-events',
    keywords: [
      'private',
      'party',
      'parties',
      'birthday party',
      'corporate',
      'buyout',
      'celebration',
      'host',
      'group',
    ],
    reply: venue
      ? `We host private parties, corporate events and full buyouts. Call our concierge at ${venue.phone} or email ${venue.email} to plan yours.`
      : `We host private parties, corporate events and full buyouts. ${ON_CONTACT_PAGE}`,
  },
  {
    id: 'dj',
    keywords: ['dj', 'djs', 'music', 'playing', 'spinning', 'genre'],
    reply:
      'Our resident DJs spin hip-hop, R&B, Latin and throwbacks. Members can see the line-up and rate the DJ on the DJs page.',
  },
  {
    id: 'song-requests',
    keywords: ['song', 'request', 'requests', 'vote', 'votes', 'playlist', 'track'],
    reply: `Signed-in members can drop a song request in the Song Requests lounge and vote for up to ${VOTES_PER_NIGHT} songs a night. The most voted get priority.`,
  },
  {
    id: 'games',
    keywords: ['game', 'games', 'trivia', 'play', 'fun', 'memory', 'word chain'],
    reply:
      'Members can play Trivia Blast, Word Chain and Memory Match from Games & Fun while they wait for their table.',
  },
  {
    id: 'offers',
    keywords: [
      'offer',
      'offers',
      'deal',
      'deals',
      'discount',
      'promo',
      'promotion',
      'special',
      'happy hour',
    ],
    reply:
      'Members get exclusive app offers on the home page: redeem one and show it to your server. Happy hour and our other deals are in the Special Promotions card on the home page.',
  },
  {
    id: 'vip',
    keywords: ['vip', 'member', 'membership', 'perks', 'early access', 'status'],
    reply:
      'VIP members get early access to events, VIP-only offers and priority seating in the lounge. Ask our team about VIP status on your next visit.',
  },
  {
    id: 'wifi',
    keywords: [
      'wifi',
      'wi fi',
      'wireless',
      'internet',
      'wifi password',
      'wi fi password',
      'hotspot',
    ],
    reply:
      "Free Wi-Fi is available throughout the bistro and the lounge. Ask your server or the bar for the network name and tonight's password.",
  },
  {
    id: 'account',
    keywords: [
      'account',
      'sign up',
      'signup',
      'register',
      'sign in',
      'login',
      'log in',
      // Only an account's password: "the wifi password" is the wifi topic's.
      'forgot password',
      'forgot my password',
      'reset password',
      'reset my password',
      'change password',
      'change my password',
      'password reset',
      'account password',
    ],
    reply:
      'Create a free account from Sign In in the menu. Forgot your password? Use "Forgot password" on the sign-in screen to get a reset link.',
  },
  {
    id: 'cover',
    keywords: ['cover', 'cover charge', 'entry', 'entrance', 'tickets', 'ticket', 'door'],
    reply: `${venue?.coverChargeNote || 'Some event nights have a cover at the door.'} Reserve your spot on the Events page.`,
  },
  {
    id: 'dress-code',
    keywords: ['dress', 'dress code', 'wear', 'attire', 'outfit', 'sneakers', 'shoes'],
    reply: venue?.dressCode || 'We have no dress code. Come as you are.',
  },
  {
    id: 'age',
    keywords: ['age', 'id', '21', 'minor', 'kids', 'children', 'family'],
    reply: venue ? venue.agePolicy : ON_CONTACT_PAGE,
  },
  {
    id: 'dietary',
    keywords: [
      'vegan',
      'vegetarian',
      'gluten',
      'gluten free',
      'allergy',
      'allergies',
      'dairy',
      'nut',
      'halal',
    ],
    reply:
      'We have vegetarian, vegan and gluten-free options. Tell your server about any allergy and the kitchen will take care of you.',
  },
  {
    id: 'photos',
    keywords: ['photo', 'photos', 'picture', 'pictures', 'upload', 'wall', 'instagram'],
    reply:
      'Members can upload photos to our photo wall from the home page. Each photo appears once our team approves it.',
  },
  {
    id: 'contact',
    keywords: ['contact', 'phone', 'call', 'email', 'reach', 'manager', 'speak'],
    reply: venue
      ? `Call us at ${venue.phone} or email ${venue.email}. Our team is happy to help.`
      : ON_CONTACT_PAGE,
  },
  {
    id: 'greeting',
    keywords: ['hi', 'hello', 'hey', 'good morning', 'good evening', 'yo', 'sup'],
    reply: `Hi there! I can help with hours, the menu, events, bookings, offers and more. What would you like to know?`,
  },
];

/** The reply when no topic matches: it points to the phone number. */
export const chatFallbackFor = (venue: Venue | undefined): string =>
  venue
    ? `I'm not sure about that one. Please call us at ${venue.phone} and our team will be glad to help.`
    : `I'm not sure about that one. Please call us (the number is on the Contact page) and our team will be glad to help.`;

export const chatWelcomeFor = (venue: Venue | undefined): string =>
  `Welcome${venue ? ` to ${venue.name}` : ''}! Ask me about our hours, menu, events, parking or private parties.`;
