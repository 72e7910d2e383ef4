import { createGlobalStyle } from 'styled-components';

/** Dark, high-contrast palette: the app is used on phones in a dark lounge. */
export const theme = {
  colors: {
    bg: '#0d0b14',
    surface: '#181425',
    surfaceRaised: '#221c33',
    border: '#3a3150',
    text: '#f5f1ff',
    textMuted: '#b9b0cf',
    accent: '#f2b84b',
    accentText: '#1a1405',
    primary: '#a66bff',
    // Dark text on the violet: white on #a66bff is 3.4:1, this is 5.7:1 (WCAG AA).
    primaryText: '#0d0b14',
    danger: '#ff6b6b',
    success: '#4ade80',
    warning: '#facc15',
    focus: '#ffd166',
  },
  radii: { sm: '6px', md: '12px', lg: '20px', pill: '999px' },
  space: (n: number) => `${n * 4}px`,
  breakpoints: { sm: '480px', md: '768px', lg: '1024px' },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    display: "Georgia, 'Times New Roman', serif",
  },
} as const;

export type Theme = typeof theme;

export const media = {
  md: `@media (min-width: ${theme.breakpoints.md})`,
  lg: `@media (min-width: ${theme.breakpoints.lg})`,
} as const;

/**
 * On <html> while a dialog is open: the page behind does not scroll (GlobalStyle holds
 * the rule: overflow hidden). No scrollbar gutter is kept: a full-screen dialog covers the
 * whole viewport, and the page behind may widen by a desktop scrollbar's width under the overlay.
 */
export const SCROLL_LOCK_CLASS = 'dialog-open';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { color-scheme: dark; -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-height: 100vh;
    background: ${theme.colors.bg};
    color: ${theme.colors.text};
    font-family: ${theme.font.body};
    font-size: 16px;
    line-height: 1.5;
  }
  a { color: ${theme.colors.accent}; }
  /* An e-mail address is one long word: on a narrow phone it breaks rather than widening the page. */
  a[href^='mailto:'] { overflow-wrap: anywhere; }
  :focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
  img { max-width: 100%; display: block; }
  /* A modal dialog is open (Dialog's class): the page behind it holds still. */
  html.${SCROLL_LOCK_CLASS} { overflow: hidden; overscroll-behavior: none; }
  button, input, select, textarea { font: inherit; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
