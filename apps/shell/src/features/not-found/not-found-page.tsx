import { Link } from 'react-router-dom';
import { ButtonLink, Centered, Heading, Muted, Stack } from '@bistro/ui';

export function NotFoundPage() {
  return (
    <Centered>
      <Stack $gap={4} style={{ alignItems: 'center' }}>
        <Heading as="h1">404</Heading>
        <Muted>Oops! Page not found</Muted>
        <ButtonLink as={Link} to="/">
          Return to Home
        </ButtonLink>
      </Stack>
    </Centered>
  );
}
