// The SSH server of the testcontainers/sshd stand-in (see Dockerfile). It accepts `root` with
// $PASSWORD, as testcontainers connects, and serves remote port forwards (`tcpip-forward`): a
// connection to the forwarded port in this container is tunnelled back to the test process, which
// connects it to the same port on the host.
import { generateKeyPairSync, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:net';
import ssh2 from 'ssh2';

const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'pkcs1', format: 'pem' },
});
const password = Buffer.from(process.env.PASSWORD ?? 'root');

function passwordMatches(given) {
  const bytes = Buffer.from(given);
  return bytes.length === password.length && timingSafeEqual(bytes, password);
}

function forward(client, listener, socket) {
  const { port } = listener.address();
  client.forwardOut(
    'localhost',
    port,
    socket.remoteAddress ?? '127.0.0.1',
    socket.remotePort ?? 0,
    (error, channel) => {
      if (error) {
        socket.destroy();
        return;
      }
      socket.pipe(channel).pipe(socket);
      socket.on('error', () => channel.close());
      channel.on('error', () => socket.destroy());
    },
  );
}

new ssh2.Server({ hostKeys: [privateKey] }, (client) => {
  const listeners = new Map();
  client.on('authentication', (ctx) => {
    if (ctx.method === 'password' && ctx.username === 'root' && passwordMatches(ctx.password)) ctx.accept();
    else ctx.reject(['password']);
  });
  client.on('request', (accept, reject, name, info) => {
    if (name === 'tcpip-forward') {
      const listener = createServer((socket) => forward(client, listener, socket));
      listener.on('error', () => reject?.());
      listener.listen(info.bindPort, '0.0.0.0', () => {
        listeners.set(info.bindPort, listener);
        accept?.(listener.address().port);
      });
    } else if (name === 'cancel-tcpip-forward') {
      listeners.get(info.bindPort)?.close();
      listeners.delete(info.bindPort);
      accept?.();
    } else {
      reject?.();
    }
  });
  client.on('error', () => undefined);
  client.on('close', () => {
    for (const listener of listeners.values()) listener.close();
  });
}).listen(22, '0.0.0.0', () => process.stdout.write('sshd stand-in listening on 22\n'));
// As PID 1, node ignores SIGTERM unless it handles it.
process.once('SIGTERM', () => process.exit(0));
