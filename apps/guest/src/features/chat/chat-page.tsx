import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled, { keyframes } from 'styled-components';
import { Send } from 'lucide-react';
import { Button, Input, Row, theme, useHydrated, VisuallyHidden } from '@bistro/ui';
import { GuestPage } from '../shared/guest-page';
import { ChatIntro } from './chat-intro';
import { replyWithLink } from './chat-matcher';
import { Link } from 'react-router-dom';
import { useVenue, type Venue } from '@bistro/data';
import { chatFallbackFor, chatTopicsFor, chatWelcomeFor } from './chat-topics';

/** A chat message: id, text, sender (user or bot) and when it was sent. */
export interface ChatMessage {
  id: string;
  text: string;
  sender: 'bot' | 'user';
  timestamp: Date;
  /** A page the bot's reply points to. */
  link?: { to: string; label: string };
}

/** The bot "types" for 1 second before it answers. */
export const CHAT_REPLY_DELAY_MS = 1000;

export const suggestions = [
  'What are your hours?',
  'Where do I park?',
  'Can I book a private party?',
];

const Log = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  min-height: 50vh;
  max-height: 60vh;
  overflow-y: auto;
  padding: ${theme.space(4)};
  border-radius: ${theme.radii.lg};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
`;

const Bubble = styled.div<{ $user: boolean }>`
  align-self: ${({ $user }) => ($user ? 'flex-end' : 'flex-start')};
  max-width: 85%;
  padding: ${theme.space(3)} ${theme.space(4)};
  border-radius: ${theme.radii.md};
  background: ${({ $user }) => ($user ? theme.colors.primary : theme.colors.surfaceRaised)};
  color: ${theme.colors.text};
  white-space: pre-wrap;
  time {
    display: block;
    margin-top: ${theme.space(1)};
    font-size: 0.75rem;
    color: ${theme.colors.textMuted};
  }
`;

const blink = keyframes`
  0%, 80%, 100% { opacity: 0.2; }
  40% { opacity: 1; }
`;

const Dots = styled.span`
  span {
    display: inline-block;
    width: 8px;
    height: 8px;
    margin-right: 4px;
    border-radius: 50%;
    background: ${theme.colors.textMuted};
    animation: ${blink} 1.2s infinite;
  }
  span:nth-child(2) {
    animation-delay: 0.2s;
  }
  span:nth-child(3) {
    animation-delay: 0.4s;
  }
`;

const ReplyLink = styled(Link)`
  display: block;
  margin-top: 6px;
`;

const Suggestions = styled(Row)`
  margin: 12px 0;
`;

const Compose = styled(Row)`
  flex-wrap: nowrap;
`;

const Chip = styled.button`
  min-height: 44px;
  padding: 0 ${theme.space(4)};
  border-radius: ${theme.radii.pill};
  border: 1px solid ${theme.colors.border};
  background: transparent;
  color: ${theme.colors.text};
  cursor: pointer;
`;

let nextId = 0;
const message = (
  text: string,
  sender: ChatMessage['sender'],
  link?: ChatMessage['link'],
): ChatMessage => ({
  id: `m${++nextId}`,
  text,
  sender,
  timestamp: new Date(),
  ...(link ? { link } : {}),
});

const timeOf = (d: Date) => d.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

/** Chat (/chat): a keyword assistant that answers after a 1 s typing indicator. */
export function ChatPage() {
  const { data: venue } = useVenue();
  // The welcome is written from the venue record once it arrives; replies read the latest record.
  const [welcome] = useState(() => message('', 'bot'));
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const latestVenue = useRef<Venue | undefined>(venue);
  useEffect(() => {
    latestVenue.current = venue;
  }, [venue]);
  const [draft, setDraft] = useState('');
  const [typing, setTyping] = useState(false);
  const timers = useRef<number[]>([]);
  const end = useRef<HTMLDivElement>(null);
  // A message's time is the visitor's clock in their time zone, which the server does not know.
  const inBrowser = useHydrated();

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);
  // A block body: Chromium's scrollIntoView returns a promise, which React would take for a
  // cleanup function and call (the page crashed on the first message).
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages, typing]);

  const ask = (text: string) => {
    const question = text.trim();
    if (!question) return;
    setMessages((m) => [...m, message(question, 'user')]);
    setDraft('');
    setTyping(true);
    const timer = window.setTimeout(() => {
      timers.current = timers.current.filter((t) => t !== timer);
      const v = latestVenue.current;
      const reply = replyWithLink(question, chatTopicsFor(v), chatFallbackFor(v));
      setMessages((m) => [...m, message(reply.text, 'bot', reply.link)]);
      if (timers.current.length === 0) setTyping(false);
    }, CHAT_REPLY_DELAY_MS);
    timers.current.push(timer);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    ask(draft);
  };

  return (
    <GuestPage route="/chat">
      <ChatIntro />
      <Log role="log" aria-label="Conversation" aria-live="polite">
        {[{ ...welcome, text: chatWelcomeFor(venue) }, ...messages].map((m) => (
          <Bubble
            key={m.id}
            $user={m.sender === 'user'}
            data-sender={m.sender}
            elementtiming={m.id === welcome.id ? 'chat-welcome' : undefined}
          >
            <VisuallyHidden>{m.sender === 'user' ? 'You: ' : 'Assistant: '}</VisuallyHidden>
            {m.text}
            {m.link ? <ReplyLink to={m.link.to}>{m.link.label}</ReplyLink> : null}
            {inBrowser ? (
              <time dateTime={m.timestamp.toISOString()}>{timeOf(m.timestamp)}</time>
            ) : null}
          </Bubble>
        ))}
        {typing ? (
          <Bubble $user={false} role="status" aria-label="Assistant is typing">
            <Dots aria-hidden>
              <span />
              <span />
              <span />
            </Dots>
          </Bubble>
        ) : null}
        <div ref={end} />
      </Log>
      <Suggestions $gap={2}>
        {suggestions.map((s) => (
          <Chip key={s} type="button" onClick={() => ask(s)}>
            {s}
          </Chip>
        ))}
      </Suggestions>
      <form onSubmit={onSubmit} aria-label="Send a message">
        <Compose $gap={2}>
          <Input
            aria-label="Your message"
            placeholder="Type your question…"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            autoComplete="off"
          />
          <Button type="submit" disabled={!draft.trim()} aria-label="Send">
            <Send aria-hidden size={18} />
          </Button>
        </Compose>
      </form>
    </GuestPage>
  );
}
