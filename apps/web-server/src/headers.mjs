// The headers the suite's servers send: security headers on every response,
// cache rules by file name, and the shell page's Content-Security-Policy built
// from its runtime config.
import { createHash } from 'node:crypto';

/** Headers on every response of every server. */
export const commonHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // The camera is allowed for this site only: the door check-in scans QR codes with it.
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
  'X-Frame-Options': 'DENY',
};

/** Content-hashed build output (`name.1a2b3c4d.js`, `assets/logo.1a2b3c4d.svg`, their maps). */
const hashedFile = /\.[0-9a-f]{8}\.(js|css|png|jpe?g|gif|svg|webp|avif|ico|woff2?|txt)(\.map)?$/;

/**
 * Hashed chunks never change; everything that names them (index.html,
 * config.json, mf-manifest.json, remoteEntry.js, ...) is revalidated on every
 * use so a redeployed remote is picked up without a shell rebuild.
 * @param {string} pathname
 */
export function cacheControl(pathname) {
  return hashedFile.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The shell's runtime config (config.json): where the remotes' manifests and
 * the backend are.
 * @typedef {object} RuntimeConfig
 * @property {Record<string, string>} [remotes]
 * @property {{ url: string, anonKey?: string }} [supabase]
 */

/**
 * @param {string} url
 * @returns {string | null} the http(s) origin of `url`
 */
export function originOf(url) {
  try {
    const { protocol, host } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? `${protocol}//${host}` : null;
  } catch {
    return null;
  }
}

/**
 * The only style attributes a page may carry, each allowed by its hash alone:
 * the declarations Radix's tabs put on their own elements (the tab list's
 * `outline:none`; the open panel's `animation-duration:0s`, against a mount
 * animation, until the next render), which no prop takes off and which a
 * server-rendered /auth carries in its markup. Every other element is styled
 * by class, from a <style> with the response's nonce.
 */
export const allowedStyleAttributes = Object.freeze(['outline:none', 'animation-duration:0s']);

const styleAttributeHashes = allowedStyleAttributes.map(
  (declarations) => `'sha256-${createHash('sha256').update(declarations).digest('base64')}'`,
);

/**
 * The shell page's Content-Security-Policy for a runtime config: code and
 * manifests from the shell ('self') and the configured remotes only, data from
 * the configured backend only (REST, auth, functions, storage images), inline
 * <style> and <script> only with this response's nonce (a server-rendered page
 * carries React's small inline scripts), no style attribute but the few
 * allowed by hash (`allowedStyleAttributes`), no plugins, no framing.
 * @param {RuntimeConfig | null | undefined} config
 * @param {string} [nonce]
 */
export function contentSecurityPolicy(config, nonce) {
  const remotes = [
    ...new Set(
      Object.values(config?.remotes ?? {})
        .map(originOf)
        .filter((origin) => origin !== null),
    ),
  ];
  const api = config?.supabase?.url ? originOf(config.supabase.url) : null;
  const apiSources = api ? [api, api.replace(/^http/, 'ws')] : [];
  /** @param {(string | null | undefined | false)[]} sources */
  const list = (...sources) => sources.filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", ...remotes, nonce && `'nonce-${nonce}'`)}`,
    `style-src ${list("'self'", ...remotes, nonce && `'nonce-${nonce}'`)}`,
    `style-src-attr 'unsafe-hashes' ${styleAttributeHashes.join(' ')}`,
    `img-src ${list("'self'", 'data:', 'blob:', ...remotes, api)}`,
    `font-src ${list("'self'", ...remotes)}`,
    `connect-src ${list("'self'", ...remotes, ...apiSources)}`,
    `media-src ${list("'self'", api)}`,
    `worker-src 'self' blob:`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-src 'none'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** A remote serves only scripts and JSON: nothing in it may run as a page. */
export const remoteCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * index.html with a per-response nonce on its <style>/<script> tags and in a
 * `<meta property="csp-nonce">`, where the apps read it for the <style> tags
 * styled-components and Radix inject.
 * @param {string} html
 * @param {string} nonce
 */
export function withNonce(html, nonce) {
  return html
    .replace(/<(style|script)(?=[\s>])/g, `<$1 nonce="${nonce}"`)
    .replace(/<head>/, `<head><meta property="csp-nonce" nonce="${nonce}">`);
}
