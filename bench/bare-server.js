// The yardstick: a bare node:http server answering the same JSON bytes as the emulator, one
// customer's on every path and the list page's on the list path. Run: node bare-server.js <body> [<list>]
import { createServer } from 'node:http';
import { bareBodies, isListUrl } from './bare-bodies.js';

const { byId, list } = bareBodies();
const byIdLength = Buffer.byteLength(byId);
const listLength = Buffer.byteLength(list);
const server = createServer((req, res) => {
  const listed = isListUrl(req.url ?? '/');
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': listed ? listLength : byIdLength,
  });
  res.end(listed ? list : byId);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
