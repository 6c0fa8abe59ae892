// A bare Fastify route answering exactly the real getAgentInfo reply: the baseline for http-bench.
import formbody from '@fastify/formbody';
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 3201);
// The same reply the real server gives for getAgentInfo (http-bench.ts passes it in), so both send the same bytes.
const body = JSON.parse(process.env.BARE_BODY ?? '{"status":200,"msg":"","data":null}');
const app = Fastify({ logger: false });
await app.register(formbody); // the real server parses form bodies too
app.get('/bare', async () => body);
app.post('/bare', async () => body);
await app.listen({ port, host: '127.0.0.1' });
console.log(`bare fastify on ${port}`);
