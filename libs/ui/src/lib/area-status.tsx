import { Button, Centered, Muted, Stack } from './primitives';
import styled from 'styled-components';
import { theme } from './theme';

const Title = styled.h2`
  margin: 0;
  font-size: 1.25rem;
`;

/** Shown while a page's code or data is on its way. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Centered role="status" aria-live="polite">
      <Muted>{label}</Muted>
    </Centered>
  );
}

/** Shown in place of an area whose code or data could not be loaded. */
export function ErrorState({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <Centered role="alert">
      <Stack $gap={3} style={{ alignItems: 'center', maxWidth: 420 }}>
        <Title>{title}</Title>
        <Muted style={{ color: theme.colors.textMuted }}>{message}</Muted>
        {onRetry ? (
          <Button type="button" onClick={onRetry}>
            Retry
          </Button>
        ) : null}
      </Stack>
    </Centered>
  );
}
