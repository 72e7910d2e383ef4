import styled from 'styled-components';
import { Button, Field, Muted, Row } from '@bistro/ui';

// Styled by class, never by style attribute: /tables is rendered on the server, and the page's
// Content-Security-Policy blocks style attributes in its markup.

/** Text with no margin of its own (the stack around it spaces it). */
export const Flush = styled.p`
  margin: 0;
`;
export const FlushMuted = styled(Muted)`
  margin: 0;
`;
export const FlushTitle = styled.h1`
  margin: 0;
`;
export const FlushHeading = styled.h3`
  margin: 0;
`;
export const FlushList = styled.ul`
  margin: 0;
`;

/** A row whose ends sit apart (a title and its badge), wrapping on a phone. */
export const SpreadRow = styled(Row)`
  justify-content: space-between;
  flex-wrap: wrap;
`;
export const WrapRow = styled(Row)`
  flex-wrap: wrap;
`;
/** A field sharing a wrapping row, never narrower than `$basis` pixels. */
export const GrowField = styled(Field)<{ $basis: number }>`
  flex: 1 1 ${({ $basis }) => $basis}px;
`;

export const FullWidthButton = styled(Button)`
  width: 100%;
`;
export const CenteredMuted = styled(Muted)`
  text-align: center;
`;
export const SmallMuted = styled(Muted)`
  font-size: 0.85rem;
`;
export const TopSpaced = styled.div`
  margin-top: 24px;
`;
