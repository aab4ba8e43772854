// A bare Fastify route answering a body of the same shape, as the yardstick for our routes.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', async () => ({
  success: true,
  errCode: 0,
  msg: '操作成功',
  data: { ts: Date.now(), unp: '0123456789abcdef' },
}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
