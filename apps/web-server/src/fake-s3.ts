/**
 * A small in-process S3-compatible server for the release store's tests: GET, HEAD and PUT of
 * objects in one bucket (path style), every request's AWS Signature V4 checked against the
 * given credentials, and PUT's conditional writes as S3 answers them: `If-None-Match: *` is
 * refused with 412 when the object exists, `If-Match: <etag>` with 412 when the object's ETag
 * differs or there is none. The check and the write are one step (the server is single
 * threaded and does both before it answers), as S3 guarantees for conditional writes.
 * (s3rver, the fake the backend's storage tests use, ignores conditional headers.)
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; etag: string; type: string }>;
  /** Conditional writes refused (412) so far. */
  refused: number;
  close(): Promise<void>;
}

const error = (res: ServerResponse, status: number, code: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
};

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3({
  bucket = 'releases',
  accessKeyId = 'fake-key-id',
  secretAccessKey = 'fake-secret',
  region = 'us-east-1',
} = {}): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const state = { refused: 0 };

  async function signatureOk(req: IncomingMessage, url: string): Promise<boolean> {
    const auth = req.headers.authorization ?? '';
    const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    const datetime = req.headers['x-amz-date'];
    if (!auth.startsWith('AWS4-HMAC-SHA256 ') || typeof datetime !== 'string') return false;
    const headers: Record<string, string> = {};
    for (const h of signed) {
      const v = req.headers[h];
      if (h !== 'host' && typeof v === 'string') headers[h] = v;
    }
    const expected = await new AwsV4Signer({
      method: req.method ?? 'GET',
      url,
      headers,
      accessKeyId,
      secretAccessKey,
      service: 's3',
      region,
      datetime,
    }).sign();
    return expected.headers.get('authorization') === auth;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = `http://${req.headers.host}${req.url ?? '/'}`;
      const path = decodeURIComponent(new URL(url).pathname);
      const body = await bodyOf(req);
      if (!(await signatureOk(req, url))) return error(res, 403, 'SignatureDoesNotMatch');
      if (!path.startsWith(`/${bucket}/`)) return error(res, 404, 'NoSuchBucket');
      const key = path.slice(bucket.length + 2);
      const current = objects.get(key);
      if (req.method === 'GET' || req.method === 'HEAD') {
        if (!current) return error(res, 404, 'NoSuchKey');
        res.writeHead(200, {
          'content-type': current.type,
          'content-length': current.body.length,
          etag: current.etag,
        });
        res.end(req.method === 'HEAD' ? undefined : current.body);
        return;
      }
      if (req.method !== 'PUT') return error(res, 405, 'MethodNotAllowed');
      const sha = req.headers['x-amz-content-sha256'];
      if (sha !== createHash('sha256').update(body).digest('hex'))
        return error(res, 400, 'XAmzContentSHA256Mismatch');
      const ifMatch = req.headers['if-match'];
      const ifNoneMatch = req.headers['if-none-match'];
      if (
        (ifNoneMatch === '*' && current) ||
        (ifMatch !== undefined && (!current || current.etag !== ifMatch))
      ) {
        state.refused++;
        return error(res, 412, 'PreconditionFailed');
      }
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, {
        body,
        etag,
        type: req.headers['content-type'] ?? 'application/octet-stream',
      });
      res.writeHead(200, { etag }).end();
    })().catch((e: unknown) => {
      if (!res.headersSent) error(res, 500, 'InternalError');
      console.error(e);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    get refused() {
      return state.refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
