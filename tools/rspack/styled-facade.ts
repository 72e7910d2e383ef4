/**
 * What the suite uses of styled-components. Builds resolve `styled-components`
 * to this file (tools/rspack/create-config.ts) and share it as the theme
 * singleton, so the shared module holds these exports only (tree-shaken)
 * instead of the whole library. An import of anything not listed here fails
 * the build (`exportsPresence: 'error'`): add it here. Types come from the
 * real package. The relative path reaches the package's browser ES module
 * build past the alias.
 */
export {
  default,
  ThemeProvider,
  createGlobalStyle,
  css,
  keyframes,
} from '../../node_modules/styled-components/dist/styled-components.browser.esm.js';
