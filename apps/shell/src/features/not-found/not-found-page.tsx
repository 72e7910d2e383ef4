import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { ButtonLink, Centered, Heading, Muted, Stack } from '@bistro/ui';

const Body = styled(Stack)`
  align-items: center;
`;

export function NotFoundPage() {
  return (
    <Centered>
      <Body $gap={4}>
        <Heading as="h1">404</Heading>
        <Muted>Oops! Page not found</Muted>
        <ButtonLink as={Link} to="/">
          Return to Home
        </ButtonLink>
      </Body>
    </Centered>
  );
}
