// One client process of `npm run bench:load` (bench/load/sockets.mjs): opens its share of the live connections
// (`/api/v1/practices/{id}/events?token=…`) from its own loopback address and notes when each socket receives each
// lead event. Driven over IPC by the bench:
//   { type: 'connect', url, localAddress, concurrency, sockets: [{ practiceId, token }] } → { type: 'connected', … }
//   { type: 'report' } → { type: 'report', deliveries: { [eventId]: number[] }, wrongPractice, closes }
//   { type: 'stop' } → closes every socket and exits.
import { WebSocket } from 'ws';

const open = [];
/** Receive times (ms since the epoch, one machine's clock) of each event, one per socket that received it. */
const deliveries = new Map();
let wrongPractice = 0;
/** Sockets closed by the gateway after they opened, by close code. */
const closes = {};

function connectOne(url, localAddress, { practiceId, token }) {
  return new Promise((resolve) => {
    const target = `${url}/api/v1/practices/${practiceId}/events?token=${encodeURIComponent(token)}`;
    const ws = new WebSocket(target, { localAddress, perMessageDeflate: false, handshakeTimeout: 60_000 });
    let settled = false;
    const done = (outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    ws.on('message', (data) => {
      const received = Date.now();
      const message = JSON.parse(data.toString());
      if (message.type === 'connection_established') {
        open.push(ws);
        done('open');
        return;
      }
      if (!message.event_id) return;
      if (message.practice_id !== practiceId) wrongPractice++;
      let times = deliveries.get(message.event_id);
      if (!times) deliveries.set(message.event_id, (times = []));
      times.push(received);
    });
    ws.on('close', (code) => {
      if (settled) closes[code] = (closes[code] ?? 0) + 1;
      done(`closed ${code}`);
    });
    ws.on('error', (error) => done(`error ${error.code ?? error.message}`));
  });
}

async function connectAll({ url, localAddress, concurrency, sockets }) {
  const outcomes = {};
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, sockets.length) }, async () => {
      while (next < sockets.length) {
        const outcome = await connectOne(url, localAddress, sockets[next++]);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
    }),
  );
  return { open: open.length, outcomes, seconds: (Date.now() - started) / 1000 };
}

process.on('message', (command) => {
  if (command.type === 'connect') {
    void connectAll(command).then((result) => process.send({ type: 'connected', ...result }));
  } else if (command.type === 'report') {
    process.send({
      type: 'report',
      deliveries: Object.fromEntries(deliveries),
      wrongPractice,
      closes,
      open: open.filter((ws) => ws.readyState === WebSocket.OPEN).length,
    });
  } else if (command.type === 'stop') {
    for (const ws of open) ws.terminate();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
