import { Button, Centered, Muted, Stack } from './primitives';
import styled from 'styled-components';
import { theme } from './theme';

const ErrorBody = styled(Stack)`
  align-items: center;
  max-width: 420px;
`;

const Message = styled(Muted)`
  color: ${theme.colors.textMuted};
`;

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
      <ErrorBody $gap={3}>
        <Title>{title}</Title>
        <Message>{message}</Message>
        {onRetry ? (
          <Button type="button" onClick={onRetry}>
            Retry
          </Button>
        ) : null}
      </ErrorBody>
    </Centered>
  );
}
