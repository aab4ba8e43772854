// A bare Fastify route answering a body of the same shape, as the yardstick for our routes.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', async () => ({
  success: true,
  errCode: 0,
  msg: '操作成功',
  data: { ts: Date.now(), unp: '0123456789abcdef' },
}));
// The same answer as one of our pages, given by the bench (BARE_PAGE, JSON): what Fastify costs
// to send those bytes with no logic at all, so a ratio measures our work, not the answer's size.
if (process.env.BARE_PAGE) {
  const page = JSON.parse(process.env.BARE_PAGE);
  app.post('/bare-page', async () => page);
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
