export declare const root: string;
export interface SuitePorts {
  shell: number;
  guest: number;
  lounge: number;
  games: number;
  admin: number;
}
export declare function suitePorts(base?: number): SuitePorts;
export declare const defaultPorts: SuitePorts;
export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}
/** 'public, max-age=31536000, immutable' for content-hashed files, else 'no-cache'. */
export declare function cacheControl(pathname: string): string;
/** The encoding to answer an Accept-Encoding header with: 'br', 'gzip' or null. */
export declare function negotiateEncoding(header: string | undefined): 'br' | 'gzip' | null;
/** The shell page's Content-Security-Policy for a runtime config and a style nonce. */
export declare function contentSecurityPolicy(
  config: {
    remotes?: Record<string, string>;
    supabase?: { url: string; anonKey?: string };
  } | null,
  nonce?: string,
): string;
export declare function serveDist(options: {
  dist: string;
  port: number;
  host?: string;
  spa?: boolean;
  cors?: boolean;
  configFile?: string;
}): Promise<RunningServer>;
export declare function distOf(
  app: 'shell' | 'guest' | 'lounge' | 'games' | 'admin',
  snapshot?: string,
): string;
export declare function snapshotDists(dir: string): Promise<string>;
export declare function runtimeConfig(options?: {
  ports?: SuitePorts;
  host?: string;
  supabase?: { url: string; anonKey: string };
}): {
  remotes: Record<'guest' | 'lounge' | 'games' | 'admin', string>;
  supabase?: { url: string; anonKey: string };
};
export declare function serveSuite(options: {
  ports?: SuitePorts;
  host?: string;
  configFile?: string;
  snapshot?: string;
}): Promise<{ servers: RunningServer[]; close(): Promise<unknown> }>;
