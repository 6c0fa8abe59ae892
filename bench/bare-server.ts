// A bare Fastify route answering exactly a real reply: the baseline for http-bench and practice-bench.
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const port = Number(process.argv[2] ?? 3201);
// The same reply the real server gives for the call measured beside it (http-bench.ts passes getAgentInfo's in
// BARE_BODY; practice-bench.ts passes larger replies in a file, BARE_BODY_FILE), so both send the same bytes.
const raw = process.env.BARE_BODY_FILE ? readFileSync(process.env.BARE_BODY_FILE, 'utf8') : process.env.BARE_BODY;
const body = JSON.parse(raw ?? '{"status":200,"msg":"","data":null}');
const app = Fastify({ logger: false });
await app.register(formbody); // the real server parses form bodies too
app.get('/bare', async () => body);
app.post('/bare', async () => body);
await app.listen({ port, host: '127.0.0.1' });
console.log(`bare fastify on ${port}`);
