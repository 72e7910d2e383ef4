// The nonce the server put in index.html for this response's Content-Security-
// Policy: webpack/rspack's chunk loader reads it from __webpack_nonce__
// (styled-components reads the meta tag itself). Its own
// module, imported first by main.ts, so it is set before anything else runs.
declare let __webpack_nonce__: string | undefined;
const cspNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (cspNonce) __webpack_nonce__ = cspNonce;

export {};
