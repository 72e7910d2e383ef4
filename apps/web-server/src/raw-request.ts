import { request, type IncomingHttpHeaders } from 'node:http';

/** What a server answered a raw request, its body as bytes. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A raw HTTP request to 127.0.0.1:`port` (tests only): the path goes out exactly as given
 * (fetch would normalise `..`), with exactly the headers given (fetch adds its own, Origin
 * and Sec-Fetch-* among them), on a connection of its own.
 */
export function rawRequest(
  port: number,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}
