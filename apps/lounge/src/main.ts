// A remote is consumed through its mf-manifest.json / remoteEntry.js by the
// shell; Rspack still needs an entry, and this one does nothing on its own.
export {};
