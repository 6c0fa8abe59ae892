// A bare Fastify route answering a reply of the same shape as getAgentInfo, the baseline for http-bench.
import formbody from '@fastify/formbody';
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 3201);
const body = {
  status: 200,
  msg: '',
  data: { AgentCode: '888', AgentName: '考试宝典', QQ: '800000888', TelePhone: '400-000-0888', ThemeColor: '#5bb8ff' },
};
const app = Fastify({ logger: false });
await app.register(formbody); // the real server parses form bodies too
app.get('/bare', async () => body);
app.post('/bare', async () => body);
await app.listen({ port, host: '127.0.0.1' });
console.log(`bare fastify on ${port}`);
