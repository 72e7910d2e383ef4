import { Heading, Muted } from '@bistro/ui';

/** The chat page's heading and what the assistant can answer. */
export function ChatIntro() {
  return (
    <>
      <Heading>Chat Assistant</Heading>
      <Muted>Ask about hours, the menu, events, parking, offers or private parties.</Muted>
    </>
  );
}
