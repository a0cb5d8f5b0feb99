// The yardstick of what runs on top of Koa: a bare Koa app with @koa/router (the product's choice
// of framework and router) answering the same JSON bytes as the emulator on `/customers/:id` and on
// the list path, with nothing else per request. Run: node bare-koa-server.js <body> [<list>]
import Router from '@koa/router';
import Koa from 'koa';
import { bareBodies } from './bare-bodies.js';

const { byId, list } = bareBodies();
const app = new Koa();
const router = new Router();
router.get('/customers/:id', (ctx) => {
  ctx.type = 'application/json';
  ctx.body = byId;
});
router.get('/customers', (ctx) => {
  ctx.type = 'application/json';
  ctx.body = list;
});
app.use(router.routes()).use(router.allowedMethods());
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
