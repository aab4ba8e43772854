// The server side of bench/push-connections.mjs: Fastify holding one server-sent-events stream
// per connection, as the push channel of the next issue will (GET /events). A line on stdin
// "nudge <n>" writes one event, carrying the send time, to n streams picked at random;
// "usage" prints the process's memory and CPU as JSON.
import Fastify from 'fastify';
import readline from 'node:readline';

const app = Fastify({ logger: false, keepAliveTimeout: 0 });
const streams = [];
app.get('/events', (req, reply) => {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  res.write(': hello\n\n');
  streams.push(res);
  req.raw.on('close', () => {
    const i = streams.indexOf(res);
    if (i >= 0) streams.splice(i, 1);
  });
});
// A comment every 25 s keeps proxies from closing idle streams; its cost is part of the figure.
setInterval(() => {
  for (const s of streams) s.write(': keep-alive\n\n');
}, 25_000).unref();
await app.listen({ port: Number(process.env.PORT), host: '0.0.0.0' });
console.log(JSON.stringify({ ready: true }));
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, n] = line.split(' ');
  if (cmd === 'nudge') {
    for (let i = 0; i < Number(n); i++) {
      const s = streams[Math.floor(Math.random() * streams.length)];
      s?.write(`event: nudge\ndata: ${Date.now()}\n\n`);
    }
  }
  if (cmd === 'usage') {
    // Read from /proc/self/stat: with no file left it throws EMFILE, which is not to end the bench.
    let m = { rss: 0, heapUsed: 0 };
    try {
      m = process.memoryUsage();
    } catch {
      // counted as 0
    }
    const c = process.cpuUsage();
    console.log(
      JSON.stringify({
        streams: streams.length,
        rss: m.rss,
        heap: m.heapUsed,
        cpu: (c.user + c.system) / 1e6,
      }),
    );
  }
});
