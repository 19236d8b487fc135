import http from "node:http";
const body = "x".repeat(11000);
const spin = Number(process.env.SPIN ?? 4);
const handler = (req, res) => { const t = performance.now(); while (performance.now() - t < spin) {} res.end(body); };
const queue = []; let scheduled = false;
const drain = () => {
  scheduled = false;
  const start = performance.now();
  while (queue.length && performance.now() - start < 10) { const [q, s] = queue.shift(); handler(q, s); }
  if (queue.length) { scheduled = true; setImmediate(drain); }
};
const listener = process.env.DEFER ? (req, res) => { queue.push([req, res]); if (!scheduled) { scheduled = true; setImmediate(drain); } } : handler;
http.createServer(listener).listen(3162, "127.0.0.1");
