import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaStoreOf } from './stores.ts';
import { s3MediaStore } from './s3-store.ts';

const dir = mkdtempSync(join(tmpdir(), 's3-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const s3 = mockClient(S3Client);
beforeEach(() => s3.reset());
const store = () => s3MediaStore({ bucket: 'lessons', region: 'cn-north-1', prefix: 'media/' }, new S3Client({ region: 'cn-north-1' }));

describe('the S3-compatible media store', () => {
  it('puts a file under the prefix with its length and content type', async () => {
    writeFileSync(join(dir, 'index.m3u8'), '#EXTM3U\n');
    s3.on(PutObjectCommand).resolves({});
    await store().putFile('1001/lesson/v1/360p/index.m3u8', join(dir, 'index.m3u8'));
    const [call] = s3.commandCalls(PutObjectCommand);
    expect(call!.args[0].input).toMatchObject({ Bucket: 'lessons', Key: 'media/1001/lesson/v1/360p/index.m3u8', ContentLength: 8, ContentType: 'application/vnd.apple.mpegurl' });
  });

  it('answers a size, null for a missing object, and reads a byte range', async () => {
    s3.on(HeadObjectCommand, { Key: 'media/1001/a/v1/poster.jpg' }).resolves({ ContentLength: 1234 });
    s3.on(HeadObjectCommand, { Key: 'media/1001/a/v1/sprite.jpg' }).rejects(Object.assign(new Error('not found'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } }));
    expect(await store().size('1001/a/v1/poster.jpg')).toBe(1234);
    expect(await store().size('1001/a/v1/sprite.jpg')).toBe(null);
    s3.on(GetObjectCommand).callsFake(() => ({ Body: Readable.from([Buffer.from('2345')]) }));
    const body = await store().read('1001/a/v1/360p/seg-00000.ts', { start: 2, end: 5 });
    let text = '';
    for await (const c of body) text += String(c);
    expect(text).toBe('2345');
    expect(s3.commandCalls(GetObjectCommand)[0]!.args[0].input).toMatchObject({ Key: 'media/1001/a/v1/360p/seg-00000.ts', Range: 'bytes=2-5' });
    await expect(store().read('../etc/passwd')).rejects.toThrow(/bad media key/);
  });

  it('removes a version page by page', async () => {
    s3.on(ListObjectsV2Command)
      .resolvesOnce({ Contents: [{ Key: 'media/1001/a/v1/master.m3u8' }, { Key: 'media/1001/a/v1/poster.jpg' }], IsTruncated: true, NextContinuationToken: 'next' })
      .resolvesOnce({ Contents: [{ Key: 'media/1001/a/v1/sprite.jpg' }], IsTruncated: false });
    s3.on(DeleteObjectsCommand).resolves({});
    await store().removePrefix('1001/a/v1');
    expect(s3.commandCalls(ListObjectsV2Command).map((c) => [c.args[0].input.Prefix, c.args[0].input.ContinuationToken])).toEqual([
      ['media/1001/a/v1/', undefined],
      ['media/1001/a/v1/', 'next'],
    ]);
    expect(s3.commandCalls(DeleteObjectsCommand).map((c) => c.args[0].input.Delete!.Objects!.map((o) => o.Key))).toEqual([
      ['media/1001/a/v1/master.m3u8', 'media/1001/a/v1/poster.jpg'],
      ['media/1001/a/v1/sprite.jpg'],
    ]);
  });

  it('is the configured store when MEDIA_S3_BUCKET is set, the folder otherwise', async () => {
    const base = { MEDIA_DIR: dir, MEDIA_S3_REGION: 'us-east-1', MEDIA_S3_PREFIX: '' };
    s3.on(HeadObjectCommand).resolves({ ContentLength: 8 });
    expect(await mediaStoreOf({ ...base, MEDIA_S3_BUCKET: 'lessons', MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' }).size('x/index.m3u8')).toBe(8);
    expect(s3.commandCalls(HeadObjectCommand)[0]!.args[0].input).toEqual({ Bucket: 'lessons', Key: 'x/index.m3u8' });
    writeFileSync(join(dir, 'here.txt'), 'abc');
    expect(await mediaStoreOf(base).size('here.txt')).toBe(3);
    expect(s3.commandCalls(HeadObjectCommand)).toHaveLength(1);
  });
});
