// Starts reading the runtime config as soon as the entry runs, before the app's
// modules are evaluated: a page from the suite's web server carries it inline
// (read later, synchronously, by libs/data's loadRuntimeConfig); any other page
// (the dev server, another host) has its config.json requested now, so the
// request travels while the app's code is evaluated. Imports nothing: in dev,
// shared modules may only load after main.ts's async boundary.

/** The id libs/data's readInlineRuntimeConfig looks for (inlineRuntimeConfigId). */
const inlineId = 'runtime-config';

export const configUrl = '/config.json';

/** The config.json request under way, or null when the page has its config inline. */
const early: Promise<Response> | null = document.getElementById(inlineId)
  ? null
  : fetch(configUrl, { cache: 'no-store' });
// Until bootstrap takes it, a failure is not an unhandled rejection: it is reported there.
early?.catch(() => undefined);

let taken = false;

/**
 * A fetch for loadRuntimeConfig: the first call for config.json answers with
 * the request started above; any other (a retry) goes to the network.
 */
export const configFetch: typeof fetch = (input, init) => {
  if (early && !taken && input === configUrl) {
    taken = true;
    return early;
  }
  return fetch(input, init);
};
