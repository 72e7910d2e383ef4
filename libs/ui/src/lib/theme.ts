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

/**
 * The class names of a dialog's frame (Dialog), styled by GlobalStyle: their rules are in the
 * page from its start, so the tap that opens a dialog generates and inserts no style.
 */
export const DIALOG_CLASSES = {
  /** The dim layer behind the dialog; a tap on it is outside the dialog (it takes pointer events). */
  overlay: 'ui-dialog-overlay',
  /** The dialog's box, centred; with `data-full-screen` it fills the viewport. */
  content: 'ui-dialog-content',
  title: 'ui-dialog-title',
  description: 'ui-dialog-description',
  /** Holds about a form's height while a deferred dialog's content is on its way. */
  pending: 'ui-dialog-pending',
} as const;

/**
 * On the toast list (Toaster): a modal dialog takes pointer events from the page behind it,
 * not from the toasts shown over it (their close buttons stay usable), and a tap on one does
 * not close the dialog.
 */
export const TOAST_VIEWPORT_ATTRIBUTE = 'data-toast-viewport';

/** The rules of the dialog's frame (see DIALOG_CLASSES). */
const dialogFrame = `
  .${DIALOG_CLASSES.overlay} {
    position: fixed;
    inset: 0;
    z-index: 50;
    background: rgba(0, 0, 0, 0.7);
  }
  .${DIALOG_CLASSES.content} {
    position: fixed;
    z-index: 51;
    left: 50%;
    top: 50%;
    transform: translate(-50%, -50%);
    width: calc(100vw - 24px);
    max-width: 480px;
    max-height: calc(100vh - 48px);
    overflow-y: auto;
    overscroll-behavior: contain;
    padding: ${theme.space(5)};
    border-radius: ${theme.radii.lg};
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
  }
  ${media.md} {
    .${DIALOG_CLASSES.content} { padding: ${theme.space(6)}; }
  }
  .${DIALOG_CLASSES.content}[data-full-screen] {
    inset: 0;
    transform: none;
    width: 100%;
    max-width: none;
    height: 100%;
    max-height: none;
    border: 0;
    border-radius: 0;
    display: flex;
    flex-direction: column;
  }
  .${DIALOG_CLASSES.title} {
    margin: 0 0 ${theme.space(2)};
    font-size: 1.3rem;
  }
  .${DIALOG_CLASSES.description} {
    margin: 0 0 ${theme.space(4)};
    color: ${theme.colors.textMuted};
  }
  .${DIALOG_CLASSES.pending} { min-height: min(420px, 50vh); }
  html.${SCROLL_LOCK_CLASS} [${TOAST_VIEWPORT_ATTRIBUTE}] > li { pointer-events: auto; }
`;

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
  ${dialogFrame}
  button, input, select, textarea { font: inherit; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
