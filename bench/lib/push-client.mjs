// One client process of bench/push-connections.mjs: opens COUNT streams to the push server from
// local addresses 127.0.0.<2…> (each address has its own ephemeral ports), reports when all are
// open, and prints the delay of every nudge it receives as a JSON line.
import net from 'node:net';

const count = Number(process.env.COUNT);
const port = Number(process.env.PORT);
const first = Number(process.env.FIRST_ADDRESS ?? 2);
let open = 0;
const request = `GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`;
function connect(i) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      port,
      host: '127.0.0.1',
      localAddress: `127.0.0.${first + (i % 200)}`,
    });
    socket.setEncoding('utf8');
    let hello = false;
    socket.on('data', (chunk) => {
      if (!hello && chunk.includes(': hello')) {
        hello = true;
        open++;
        resolve();
      }
      const m = /event: nudge\ndata: (\d+)/.exec(chunk);
      if (m) console.log(JSON.stringify({ delay: Date.now() - Number(m[1]) }));
    });
    socket.on('error', reject);
    socket.write(request);
  });
}
const batch = 200;
for (let i = 0; i < count; i += batch) {
  await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, k) => connect(i + k)));
}
console.log(JSON.stringify({ open }));
