declare let __webpack_nonce__: string | undefined;

/**
 * Hands the page's Content-Security-Policy nonce (the `<meta property="csp-nonce">`
 * tools/serve-suite.mjs puts in index.html) to this bundle's `__webpack_nonce__`,
 * which Radix's scroll lock reads when it injects its `<style>`. Each Module
 * Federation container has its own `__webpack_nonce__`, and whichever container
 * provides @bistro/ui also bundles Radix, so this runs inside that container.
 */
export function adoptCspNonce(): void {
  if (typeof document === 'undefined') return;
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  if (nonce) __webpack_nonce__ = nonce;
}
