import type { ChatTopic } from './chat-topics';

/** Lower-case, punctuation to spaces, single-spaced, padded for whole-word matching. */
export function normalize(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim()} `;
}

/** How many of a topic's keywords (whole words or phrases) the message contains. */
export function scoreTopic(message: string, topic: ChatTopic): number {
  const text = normalize(message);
  return topic.keywords.filter((keyword) => text.includes(normalize(keyword))).length;
}

/**
 * The topic with the most keyword matches; on a tie the earlier topic wins.
 * Null when nothing matches.
 */
export function bestTopic(message: string, topics: readonly ChatTopic[]): ChatTopic | null {
  let best: ChatTopic | null = null;
  let bestScore = 0;
  for (const topic of topics) {
    const score = scoreTopic(message, topic);
    if (score > bestScore) {
      best = topic;
      bestScore = score;
    }
  }
  return best;
}

/** The bot's reply: the best topic's answer, or the fallback that points to the phone number. */
export function replyTo(message: string, topics: readonly ChatTopic[], fallback: string): string {
  return bestTopic(message, topics)?.reply ?? fallback;
}

/** The bot's reply with the page it points to, if the best topic has one. */
export function replyWithLink(
  message: string,
  topics: readonly ChatTopic[],
  fallback: string,
): { text: string; link?: ChatTopic['link'] } {
  const topic = bestTopic(message, topics);
  return topic
    ? { text: topic.reply, ...(topic.link ? { link: topic.link } : {}) }
    : { text: fallback };
}
