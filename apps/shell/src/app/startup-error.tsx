import { ThemeProvider } from 'styled-components';
import { ErrorState, GlobalStyle, theme } from '@bistro/ui';

/** The whole page when config.json cannot be read: nothing else can start. */
export function StartupError({ message }: { message: string }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <ErrorState
        title="We couldn't start the app"
        message={`${message}. Please try again in a moment.`}
        onRetry={() => window.location.reload()}
      />
    </ThemeProvider>
  );
}
