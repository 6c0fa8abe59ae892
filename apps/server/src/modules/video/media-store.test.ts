import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { checkKey, localMediaStore } from './media-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'media-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the local media store', () => {
  it('puts, sizes, reads a byte range and removes by prefix', async () => {
    const store = localMediaStore(join(dir, 'media'));
    const src = join(dir, 'src.txt');
    writeFileSync(src, '0123456789');
    await store.putFile('1001/lesson-a/v1/360p/seg-00000.ts', src);
    expect(await store.size('1001/lesson-a/v1/360p/seg-00000.ts')).toBe(10);
    expect(await text(await store.read('1001/lesson-a/v1/360p/seg-00000.ts', { start: 2, end: 5 }))).toBe('2345');
    expect(await store.size('1001/lesson-a/v1/360p/missing.ts')).toBeNull();
    await store.removePrefix('1001/lesson-a/v1');
    expect(await store.size('1001/lesson-a/v1/360p/seg-00000.ts')).toBeNull();
  });

  it('refuses keys that climb out of the store or are not plain paths', () => {
    for (const bad of ['../etc/passwd', '1001/../../x', '/abs/path', '1001//x', 'a b', '1001/lesson/%2e%2e']) expect(() => checkKey(bad)).toThrow(/bad media key/);
    expect(checkKey('1001/lesson-a/v2/master.m3u8')).toBe('1001/lesson-a/v2/master.m3u8');
  });
});
