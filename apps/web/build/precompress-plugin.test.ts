import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressPlugin } from './precompress-plugin';

type Hook = (...args: unknown[]) => void;

function runPlugin(root: string) {
  const plugin = precompressPlugin();
  (plugin.configResolved as Hook)({ root, build: { outDir: 'dist' } });
  (plugin.closeBundle as Hook)();
}

describe('precompress plugin', () => {
  it('writes brotli and gzip copies of text assets over 1 KiB, and leaves small files, images and the manifest alone', () => {
    const root = mkdtempSync(join(tmpdir(), 'precompress-'));
    const dist = join(root, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(join(dist, '.vite'));
    const js = 'export const question = "心力衰竭的护理";\n'.repeat(100);
    writeFileSync(join(dist, 'assets', 'index-abc.js'), js);
    writeFileSync(join(dist, 'assets', 'tiny-abc.js'), 'export {};');
    writeFileSync(join(dist, 'assets', 'logo-abc.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({ big: 'x'.repeat(4096) }));

    runPlugin(root);

    const file = join(dist, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(js.length / 5);
    expect(existsSync(join(dist, 'assets', 'tiny-abc.js.br'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'logo-abc.png.br'))).toBe(false);
    expect(existsSync(join(dist, '.vite', 'manifest.json.br'))).toBe(false);

    // A second build step over the same folder does not compress the compressed copies.
    runPlugin(root);
    expect(existsSync(`${file}.br.br`)).toBe(false);
    expect(existsSync(`${file}.gz.gz`)).toBe(false);
  });
});
