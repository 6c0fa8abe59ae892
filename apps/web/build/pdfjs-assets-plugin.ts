import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import type { Plugin } from 'vite';

/**
 * pdf.js's character maps and standard fonts under /pdfjs/ (docs/reading.md "Rendering"): a PDF whose Chinese fonts
 * are not embedded needs the CMaps to show and select its text. They are emitted as plain assets by the build and
 * served from node_modules in development; nothing downloads them at install time.
 */
const FOLDERS = ['cmaps', 'standard_fonts'] as const;

export function pdfjsAssetsPlugin(): Plugin {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    name: 'kaoshi-pdfjs-assets',
    configureServer(server) {
      server.middlewares.use('/pdfjs', (req, res, next) => {
        const path = normalize(decodeURIComponent((req.url ?? '').split('?')[0]!)).replace(/^([/\\])+/, '');
        const [folder] = path.split(/[/\\]/);
        const file = join(root, path);
        if (!FOLDERS.includes(folder as (typeof FOLDERS)[number]) || !file.startsWith(root) || !existsSync(file)) return next();
        res.setHeader('content-type', 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const folder of FOLDERS)
        for (const name of readdirSync(join(root, folder))) this.emitFile({ type: 'asset', fileName: `pdfjs/${folder}/${name}`, source: readFileSync(join(root, folder, name)) });
    },
  };
}
