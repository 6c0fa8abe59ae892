import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { checkKey, type MediaStore } from './media-store.ts';

export interface S3Settings {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, Tencent COS, Alibaba OSS…); none: AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Keys under this prefix (e.g. 'media/'), so one bucket can hold other things. */
  prefix: string;
}

const CONTENT_TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t', jpg: 'image/jpeg', vtt: 'text/vtt' };

/**
 * The media store in an S3-compatible bucket (docs/video.md, "Media pipeline and store"), on the AWS SDK v3: the
 * import puts files, delivery reads them (a range is an HTTP Range to the bucket) after checking the play token,
 * so a CDN in front of the server caches what it serves. Path-style addressing when an endpoint is given.
 */
export function s3MediaStore(s: S3Settings, client?: S3Client): MediaStore {
  const s3 =
    client ??
    new S3Client({
      region: s.region,
      endpoint: s.endpoint,
      forcePathStyle: s.endpoint !== undefined,
      credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
    });
  const full = (key: string) => `${s.prefix}${checkKey(key)}`;
  const missing = (err: unknown) => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
  };
  return {
    async putFile(key, path) {
      const { size } = await stat(path);
      const ext = key.slice(key.lastIndexOf('.') + 1);
      await s3.send(
        new PutObjectCommand({
          Bucket: s.bucket,
          Key: full(key),
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
        }),
      );
    },
    async size(key) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: s.bucket, Key: full(key) }));
        return head.ContentLength ?? null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async read(key, range) {
      const got = await s3.send(new GetObjectCommand({ Bucket: s.bucket, Key: full(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      return got.Body as Readable;
    },
    async removePrefix(prefix) {
      const base = `${full(prefix.replace(/\/+$/, ''))}/`;
      let token: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: s.bucket, Prefix: base, ContinuationToken: token }));
        const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
        if (keys.length > 0) await s3.send(new DeleteObjectsCommand({ Bucket: s.bucket, Delete: { Objects: keys, Quiet: true } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
