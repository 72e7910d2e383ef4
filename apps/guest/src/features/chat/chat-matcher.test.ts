// @vitest-environment node
import { venue } from '@bistro/ui';
import { bestTopic, normalize, replyTo, scoreTopic } from './chat-matcher';
import { chatFallback, chatTopics, type ChatTopic } from './chat-topics';

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
