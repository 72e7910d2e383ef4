import './csp-nonce';
// No async boundary before the app: the shell provides every shared singleton
// eagerly (tools/rspack/shared.ts), so they are in this entry and ready for
// synchronous use, and the app starts without waiting for another chunk.
import './bootstrap';
