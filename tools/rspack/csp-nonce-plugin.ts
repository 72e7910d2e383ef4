import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// Each remote's own webpack runtime gets the page's CSP nonce (the
// <meta property="csp-nonce"> the server adds to index.html, as the shell's
// main.ts does for the shell), so the chunk scripts its runtime adds and the
// <style> tags its bundled libraries inject are allowed by the
// Content-Security-Policy. A runtime plugin runs when remoteEntry.js starts.
declare let __webpack_nonce__: string | undefined;
const cspNonce =
  typeof document === 'undefined'
    ? undefined
    : document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (cspNonce) __webpack_nonce__ = cspNonce;

export default function cspNoncePlugin(): ModuleFederationRuntimePlugin {
  return { name: 'bistro-csp-nonce' };
}
