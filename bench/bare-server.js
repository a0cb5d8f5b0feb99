// The yardstick: a bare node:http server answering the same JSON bytes for every request.
import { createServer } from 'node:http';

const body = process.argv[2] ?? '{}';
const server = createServer((_req, res) => {
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
