declare let __webpack_nonce__: string | undefined;

/**
 * Hands the page's Content-Security-Policy nonce (the `<meta property="csp-nonce">`
 * tools/serve-suite.mjs puts in index.html) to this bundle's `__webpack_nonce__`,
 * which Radix's scroll lock reads when it injects its `<style>`. Each Module
 * Federation container has its own `__webpack_nonce__`; the libs are bundled into
 * each app, so this runs inside the container that renders the dialog. Remotes also
 * get the nonce when their remoteEntry starts (tools/rspack/csp-nonce-plugin.ts); this
 * call is the dialog's own guard for any bundle built without that plugin.
 */
export function adoptCspNonce(): void {
  if (typeof document === 'undefined') return;
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  if (nonce) __webpack_nonce__ = nonce;
}
