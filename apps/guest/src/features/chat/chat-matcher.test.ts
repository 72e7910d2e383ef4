// @vitest-environment node
import {
  bestTopic as bestOf,
  normalize,
  replyTo as replyOf,
  replyWithLink,
  scoreTopic,
} from './chat-matcher';
import { chatFallbackFor, chatTopicsFor, hoursReply, type ChatTopic } from './chat-topics';
import { testVenue as venue } from '../../test/venue';

const chatTopics = chatTopicsFor(venue);
const chatFallback = chatFallbackFor(venue);
const bestTopic = (message: string, list: readonly ChatTopic[] = chatTopics) =>
  bestOf(message, list);
const replyTo = (message: string, list: readonly ChatTopic[] = chatTopics) =>
  replyOf(message, list, chatFallback);

const topics: ChatTopic[] = [
  { id: 'a', keywords: ['open', 'hours'], reply: 'A' },
  { id: 'b', keywords: ['open', 'parking', 'garage'], reply: 'B' },
  { id: 'c', keywords: ['dress code'], reply: 'C' },
];

describe('chat matcher', () => {
  it('has about 20 topics with unique ids', () => {
    expect(chatTopics.length).toBeGreaterThanOrEqual(18);
    expect(chatTopics.length).toBeLessThanOrEqual(24);
    expect(new Set(chatTopics.map((t) => t.id)).size).toBe(chatTopics.length);
  });

  it('picks the topic with the most keyword matches', () => {
    expect(bestTopic('Is the garage open for parking?', topics)?.id).toBe('b');
    expect(bestTopic('What are your opening hours, are you open?', topics)?.id).toBe('a');
  });

  it('breaks a tie in favour of the earlier topic', () => {
    expect(bestTopic('are you open', topics)?.id).toBe('a');
  });

  it('matches whole words and phrases, ignoring case and punctuation', () => {
    expect(scoreTopic('PARKING???', topics[1]!)).toBe(1);
    expect(scoreTopic('I am opening a store', topics[0]!)).toBe(0);
    expect(scoreTopic("What's the DRESS-code?", topics[2]!)).toBe(1);
    expect(normalize('Hello, World!')).toBe(' hello world ');
  });

  it('answers wifi questions, and keeps "password" for account questions only', () => {
    expect(bestTopic("What's the wifi password?")?.id).toBe('wifi');
    expect(bestTopic('Do you have Wi-Fi?')?.id).toBe('wifi');
    expect(bestTopic('Is there free internet here?')?.id).toBe('wifi');
    expect(bestTopic('I forgot my password')?.id).toBe('account');
    expect(bestTopic('How do I reset password for my account?')?.id).toBe('account');
    expect(bestTopic('password')).toBeNull();
  });

  it('falls back to the phone number when nothing matches', () => {
    expect(replyTo('qwerty zxcv', topics)).toBe(chatFallback);
    expect(chatFallback).toContain(venue.phone);
  });

  it('answers hours, dress code and age from the venue record, with the special hours ahead', () => {
    expect(replyTo('What are your hours?')).toBe(
      "We're open daily 11AM to 1AM. Kitchen until midnight.",
    );
    const sunday = {
      ...venue,
      hoursSummary: 'Mon–Sat 11AM to 1AM, Sun 12PM to 11PM',
      exceptions: [
        {
          id: 'x',
          on_date: '2026-12-24',
          label: 'Christmas Eve',
          is_closed: false,
          opens_at: '11:00:00',
          closes_at: '18:00:00',
        },
      ],
    };
    expect(hoursReply(sunday, '2026-12-20')).toBe(
      "We're open Mon–Sat 11AM to 1AM, Sun 12PM to 11PM. Kitchen until midnight. Special hours: Christmas Eve, Thursday, December 24: 11AM to 6PM.",
    );
    expect(hoursReply(sunday, '2026-11-20')).not.toContain('Christmas');
    expect(replyTo("What's the dress code?")).toBe(venue.dressCode);
    expect(replyTo('Do I need to be 21?')).toBe(venue.agePolicy);
    expect(replyTo('What is your address?')).toContain(venue.addressLine);
  });

  it('points to the contact page while the venue record is not there', () => {
    expect(
      replyOf('What are your hours?', chatTopicsFor(undefined), chatFallbackFor(undefined)),
    ).toBe('Our hours, address and phone number are on the Contact page.');
  });

  it('answers common questions from the real topics', () => {
    expect(bestTopic('What time do you close tonight?')?.id).toBe('hours');
    expect(bestTopic('Where are you located? I need directions')?.id).toBe('location');
    expect(bestTopic('Do you take American Express or cash?')?.id).toBe('payment');
    expect(bestTopic('Is there valet parking?')?.id).toBe('parking');
    expect(bestTopic('Do you have vegan options? I have a nut allergy')?.id).toBe('dietary');
    expect(replyTo('Can I host a private corporate party?')).toContain(venue.phone);
    expect(bestTopic('Where do I park?')?.id).toBe('parking');
    expect(bestTopic('Can I book a private party?')?.id).toBe('private-events');
    expect(bestTopic('What are your hours?')?.id).toBe('hours');
  });
});

describe('the table answer', () => {
  it('points to the reservation page with a link', () => {
    const reply = replyWithLink('Can I reserve a table for dinner?', chatTopics, chatFallback);
    expect(reply.text).toMatch(/Reserve a Table page/);
    expect(reply.link).toEqual({ to: '/reserve', label: 'Reserve a Table' });
    expect(replyWithLink('zzz', chatTopics, chatFallback)).toEqual({ text: chatFallback });
  });
});
