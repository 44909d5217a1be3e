/**
 * Loaded into a server process with `--import` by read-cost.ts: keeps the first HTTP server the
 * process listens with, and on SIGUSR2 sends its request listener (the app as @hono/node-server
 * serves it) the GET that `READ_COST_TARGET` (a JSON file) names, in batches of 20 at once,
 * through stand-ins for node's request and response: no socket, no HTTP parser. Prints one line
 * to stderr, `READ_COST {…}`, with the CPU time per request of each of five rounds and the
 * statuses answered. What it measures is the app's own cost: routing, middlewares, handler,
 * response.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';

const listen = http.Server.prototype.listen;
const servers = [];
http.Server.prototype.listen = function keepTheServer(...args) {
  servers.push(this);
  return listen.apply(this, args);
};

function incoming(url, headers) {
  const rawHeaders = Object.entries(headers).flat();
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const socket = { remoteAddress: '127.0.0.1', remotePort: 40000, remoteFamily: 'IPv4', encrypted: false };
  return { method: 'GET', url, headers: lower, rawHeaders, httpVersion: '1.1', complete: true, socket, on() {}, once() {} };
}

function outgoing(done) {
  let status = 0;
  return {
    writable: true,
    writableFinished: false,
    headersSent: false,
    on() {},
    once() {},
    setHeader() {},
    getHeader() {},
    flushHeaders() {},
    writeHead(code) {
      status = code;
    },
    write: () => true,
    end: () => done(status),
  };
}

process.on('SIGUSR2', async () => {
  const { url, headers, requests = 20_000, concurrency = 20 } = JSON.parse(readFileSync(process.env.READ_COST_TARGET, 'utf8'));
  const listener = servers[0].listeners('request')[0];
  const one = () => new Promise((resolve) => listener(incoming(url, headers), outgoing(resolve)));
  const round = async () => {
    const statuses = {};
    for (let sent = 0; sent < requests; sent += concurrency) {
      for (const status of await Promise.all(Array.from({ length: concurrency }, one))) statuses[status] = (statuses[status] ?? 0) + 1;
    }
    return statuses;
  };
  await round();
  const rounds = [];
  for (let i = 0; i < 5; i++) {
    const before = process.cpuUsage();
    const statuses = await round();
    const used = process.cpuUsage(before);
    rounds.push({ cpuUsPerRequest: (used.user + used.system) / requests, statuses });
  }
  console.error(`READ_COST ${JSON.stringify(rounds)}`);
});
