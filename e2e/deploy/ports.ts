import { fileURLToPath } from 'node:url';

/** The checkout (the deploy smoke runs what it built). */
export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** The deploy smoke's ports: nginx's https and http, and the two server processes; E2E_PORT moves them. */
const base = Number(process.env.E2E_PORT ?? 3100) + 60;
export const DEPLOY = { https: base, http: base + 1, a: base + 2, b: base + 3, metricsToken: 'smoke-metrics-token-0123456789' };
