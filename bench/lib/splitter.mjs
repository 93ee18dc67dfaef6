// A round-robin TCP splitter: each new connection goes to the next backend in turn (like a
// layer-4 load balancer). Run as its own process so that it does not share autocannon's event loop.
// Usage: node bench/lib/splitter.mjs <listen port> <backend port> [<backend port> ...]
import { createConnection, createServer } from 'node:net';

const [listen, ...backends] = process.argv.slice(2).map(Number);
if (!listen || backends.length === 0) {
  console.error('usage: splitter.mjs <listen port> <backend port> [<backend port> ...]');
  process.exit(2);
}
let next = 0;
const server = createServer((client) => {
  const port = backends[next++ % backends.length];
  const upstream = createConnection({ host: '127.0.0.1', port });
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  client.pipe(upstream).pipe(client);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', close);
  upstream.on('error', close);
  client.on('close', close);
  upstream.on('close', close);
});
server.listen(listen, '127.0.0.1', () =>
  console.log(`splitting 127.0.0.1:${listen} over ${backends.join(', ')}`),
);
process.on('SIGTERM', () => process.exit(0));
