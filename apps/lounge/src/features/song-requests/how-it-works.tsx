import { memo } from 'react';
import styled from 'styled-components';
import { Card, theme } from '@bistro/ui';
import { VOTES_PER_NIGHT } from '@bistro/data';

const HowCard = styled(Card)`
  margin-top: ${theme.space(8)};
`;

const HowTitle = styled.h2`
  margin-top: 0;
  font-size: 1.2rem;
`;

const Steps = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${theme.space(3)};
  li {
    display: grid;
    grid-template-columns: 32px 1fr;
    gap: ${theme.space(3)};
    align-items: start;
  }
  strong {
    display: block;
  }
  span.n {
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    border-radius: 50%;
    background: ${theme.colors.primary};
    color: ${theme.colors.primaryText};
    font-weight: 700;
  }
  p {
    margin: 0;
    color: ${theme.colors.textMuted};
  }
`;

const steps = [
  ['Drop a Request', 'Add the song you want to hear tonight.'],
  ['Vote', `Push your favourites up the list: you have ${VOTES_PER_NIGHT} votes per night.`],
  ['The DJ Curates', 'The DJ builds the set, and the most voted songs get priority.'],
  ['Rate the Experience', 'Tell us how tonight’s DJ is doing.'],
] as const;

/** 'How the Lounge Works': the four steps, always shown under the requests. */
export const HowItWorks = memo(function HowItWorks() {
  return (
    <HowCard as="section" aria-labelledby="how-it-works">
      <HowTitle id="how-it-works">How the Lounge Works</HowTitle>
      <Steps>
        {steps.map(([title, text], i) => (
          <li key={title}>
            <span className="n" aria-hidden>
              {i + 1}
            </span>
            <div>
              <strong>{title}</strong>
              <p>{text}</p>
            </div>
          </li>
        ))}
      </Steps>
    </HowCard>
  );
});
