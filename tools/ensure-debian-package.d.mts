/** Makes sure `file` exists, installing Debian's `pkg` if it does not. Returns the file. */
export function ensureDebianPackage(pkg: string, file: string, hint?: string): string;
