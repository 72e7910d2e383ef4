import { CloudOff } from 'lucide-react';
import styled from 'styled-components';
import { Muted, theme } from '@bistro/ui';
import type { LoungeWaiting } from '@bistro/data';

const Section = styled.section`
  margin-top: ${theme.space(6)};
  padding: ${theme.space(4)};
  border: 1px dashed ${theme.colors.warning};
  border-radius: ${theme.radii.lg};
  h2 {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space(2)};
    margin: 0 0 ${theme.space(1)};
    font-size: 1.25rem;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: ${theme.space(3)} 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
`;

const Item = styled.li`
  padding: ${theme.space(3)} ${theme.space(4)};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  p:first-child {
    font-weight: 700;
  }
`;

const State = styled.span`
  color: ${theme.colors.warning};
  font-weight: 600;
`;

/**
 * The member's requests made without a connection: kept on the phone and sent by
 * themselves when it returns (then they join the list like any other request).
 */
export function WaitingToSend({ requests }: { requests: LoungeWaiting['requests'] }) {
  if (requests.length === 0) return null;
  return (
    <Section aria-labelledby="waiting-to-send">
      <h2 id="waiting-to-send">
        <CloudOff size={20} aria-hidden /> Waiting to Send
      </h2>
      <Muted>
        No connection right now. Your requests are saved on this phone and go out as soon as
        you&apos;re back online.
      </Muted>
      <List>
        {requests.map((r) => (
          <Item key={r.id} data-testid="waiting-request">
            <p>{r.songTitle}</p>
            <p>
              {r.artist} · <State>waiting to send</State>
            </p>
          </Item>
        ))}
      </List>
    </Section>
  );
}
