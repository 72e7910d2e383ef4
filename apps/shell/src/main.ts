import './csp-nonce';
import './boot-config';

declare const __SHELL_ASYNC_BOUNDARY__: boolean;

// Production: the shell provides every shared singleton eagerly
// (tools/rspack/shared.ts), so they are in this entry, ready for synchronous
// use, and the app is bundled into it too ("eager" mode: no chunk to wait for
// before the first render). Dev: the async boundary lets Module Federation
// load the shared singletons before any of them is evaluated.
if (__SHELL_ASYNC_BOUNDARY__) void import('./bootstrap');
else void import(/* webpackMode: "eager" */ './bootstrap');
