import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/routes';
import { readRoutes, routePreloads, type Manifest } from './route-preload-plugin';

const FEATURES = join(__dirname, '..', 'src', 'features');

describe('route preloads', () => {
  it('reads the screen module of every route the app registers', () => {
    const read = readdirSync(FEATURES).flatMap((name) => {
      try {
        return readRoutes(readFileSync(join(FEATURES, name, 'routes.ts'), 'utf8'), `src/features/${name}`);
      } catch {
        return [];
      }
    });
    const paths = new Set(read.map((r) => r.path));
    const missing = routes.map((r) => r.path).filter((p) => !paths.has(p));
    expect(missing).toEqual([]);
    expect(read.find((r) => r.path === '/login')).toEqual({ path: '/login', module: 'src/features/user/login-screen.tsx', noQueries: true });
    // A screen loaded through a named loader of its file.
    expect(read.find((r) => r.path === '/wgzx')?.module).toBe('src/features/guest/campaign-screen.tsx');
    expect(read.find((r) => r.path === '/homePage')?.noQueries).toBe(false);
  });

  it("lists a route's chunks and styles beyond the entry, with the query layout for screens that use queries", () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_preact.js'] },
      '_preact.js': { file: 'assets/preact.js' },
      '_api.js': { file: 'assets/api.js', imports: ['_preact.js', 'index.html', '_format.js'] },
      '_format.js': { file: 'assets/format.js', css: ['assets/format.css'] },
      'src/features/a/login-screen.tsx': { file: 'assets/login.js', imports: ['index.html', '_api.js'], css: ['assets/login.css'] },
      'src/features/a/home-screen.tsx': { file: 'assets/home.js', imports: ['_api.js'] },
      'src/app/query-layout.tsx': { file: 'assets/query-layout.js', imports: ['_rq.js', '_api.js'] },
      '_rq.js': { file: 'assets/rq.js' },
    };
    const result = routePreloads(manifest, [
      { path: '/login', module: 'src/features/a/login-screen.tsx', noQueries: true },
      { path: '/homePage', module: 'src/features/a/home-screen.tsx', noQueries: false },
      { path: '/gone', module: 'src/features/a/gone.tsx', noQueries: true },
    ]);
    expect(result['/login']).toEqual({ js: ['/assets/login.js', '/assets/api.js', '/assets/format.js'], css: ['/assets/login.css', '/assets/format.css'] });
    expect(result['/homePage']).toEqual({
      js: ['/assets/home.js', '/assets/api.js', '/assets/format.js', '/assets/query-layout.js', '/assets/rq.js'],
      css: ['/assets/format.css'],
    });
    expect(result['/gone']).toBeUndefined();
  });
});
