// The nonce the server put in index.html for this response's Content-Security-
// Policy: webpack/rspack's chunk loader and Radix's scroll-lock <style> read it
// from __webpack_nonce__ (styled-components reads the meta tag itself).
declare let __webpack_nonce__: string | undefined;
const cspNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (cspNonce) __webpack_nonce__ = cspNonce;

// The async boundary lets Module Federation negotiate shared singletons
// (react, the libs, ...) before any of them is evaluated.
void import('./bootstrap');
