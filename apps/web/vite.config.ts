import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { contractMetaPlugin } from './build/contract-meta-plugin.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';
import { pdfjsAssetsPlugin } from './build/pdfjs-assets-plugin.ts';
import { routePreloadPlugin } from './build/route-preload-plugin.ts';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker (src/sw.ts, docs/reading.md "Offline"): Workbox in injectManifest mode; the page and the app's
 * code are precached, so every screen opens offline; content is kept as it is read. Registered by main.tsx once the
 * first screen is shown (app/after-first-screen.ts): the plugin's registerSW.js was a parser-blocking script in the
 * page's head, one more file competing with the first screen's on a slow line.
 */
const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'autoUpdate',
    manifest: false,
    // The app's code (~350 KB brotli), without the video and PDF libraries (they come with their screens).
    injectManifest: { globPatterns: ['index.html', 'assets/*.{js,css}'], globIgnores: ['**/*.{br,gz}', 'assets/hls*', 'assets/pdf*'] },
  });

/** react-router's ESM build: tests use it for both 'react-router' and 'react-router/dom' (one router context). */
const routerDist = dirname(createRequire(import.meta.url).resolve('react-router'));
/**
 * The shipped build takes react-router's production build: the package's exports name only its development build,
 * whose dev warnings (and their text) stay in the entry chunk. Same code otherwise (docs/web-shell.md).
 */
const routerProduction = join(routerDist, '../production');

/**
 * TanStack Query, the app's query client and the query layout in one chunk: every screen that uses queries loads
 * them together (app/query-layout.tsx), and apart they were six small files (and six requests) per screen. Their
 * own imports (Preact, the client…) stay where they are (`includeDependenciesRecursively: false`), so nothing of
 * the entry moves into it. bench/README.md, "First paint in production".
 */
const QUERY_CHUNK = /node_modules[\\/]@tanstack[\\/]|src[\\/]api[\\/]query-client\.ts$|src[\\/]app[\\/]query-layout\.tsx$/;

/**
 * The sign-in and account forms (the login screen, its forms, the account calls, the picture challenge) in one chunk:
 * /login needed nine files for them, and under the mobile profile each file in flight takes a share of the line
 * while it waits out its latency, so the entry arrived 350 ms later than on / (bench/README.md, "First paint").
 * The other account screens (settings, password, phone, information, agreements) load it too: they use all but the
 * login screen's 2 KiB.
 */
const USER_FORMS_CHUNK =
  /src[\\/]features[\\/]user[\\/](login-screen|login-tabs|code-login-form|password-login-form|register-form|use-form|validate|form-fields|code-field|use-countdown|use-finish-login|api)\.tsx?$|src[\\/]features[\\/]user[\\/](form|login)\.module\.css$|src[\\/]lib[\\/]password\.ts$|node_modules[\\/]js-md5[\\/]|contract[\\/]src[\\/]rules[\\/]mobile\.ts$|kaoshi-contract-meta:(data\/CAPTCHA_MSG|call\/user\.captcha)/;

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The server that answers the calls (and serves the app's icon) in development (`npm run dev -w apps/server`). */
const API_TARGET = process.env.KAOSHI_API_TARGET ?? 'http://localhost:3000';
const proxy = Object.fromEntries(['/api', '/ksbao', '/__test__', '/favicon.'].map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]));

export default defineConfig({
  // contractMetaPlugin: '@kaoshi/contract' without zod in the browser (build and dev; tests use the real contract).
  // precompressPlugin: .br and .gz beside each built text asset, served by Accept-Encoding.
  // pdfjsAssetsPlugin: pdf.js's CMaps and standard fonts under /pdfjs/ (Chinese text of PDF handouts).
  // routePreloadPlugin: route-preload.json, each route's screen chunks for the server to preload with its page.
  plugins: [react(), ...(process.env.VITEST ? [] : [contractMetaPlugin(), precompressPlugin(), pdfjsAssetsPlugin(), routePreloadPlugin(), pwa()])],
  // One React for the app and for every library that imports it.
  resolve: {
    dedupe: ['react', 'react-dom'],
    // The app ships on Preact's React-compatible layer (preact/compat): the entry route's JS goes from 112 to
    // ~57 KiB gzip (react-dom alone is 62 KiB). Unit tests render with React itself (Testing Library and
    // antd-mobile's CommonJS builds need it); the browser journeys drive the shipped build. docs/web-shell.md.
    alias: process.env.VITEST
      ? []
      : [
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
          { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
          { find: /^react$/, replacement: 'preact/compat' },
          { find: /^react-router$/, replacement: join(routerProduction, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: join(routerProduction, 'dom-export.mjs') },
        ],
  },
  define: {
    /** Sent as `clientver` with every call. */
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    // bench/bundle-size.ts reads the manifest to sum the JS the entry route loads.
    manifest: true,
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'query', test: QUERY_CHUNK, includeDependenciesRecursively: false },
            { name: 'user-forms', test: USER_FORMS_CHUNK, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Screen tests drive many renders through jsdom; on a loaded two-core CI machine 5 s is too tight.
    testTimeout: 20_000,
    // react-router ships CJS and ESM builds and Node would load 'react-router' and 'react-router/dom'
    // from different ones (two router contexts); the ESM build is used for both.
    alias: [
      { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
    ],
  },
});
