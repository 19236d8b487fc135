import autocannon from "autocannon";
const url = process.argv[2];
const inst = autocannon({ url, connections: 200, duration: 8, timeout: 10 });
const perClient = new Map(); let t0 = performance.now();
inst.on("response", (client, status, bytes, rt) => {
  const c = perClient.get(client) ?? { n: 0 }; c.n++;
  if (rt > 2000) console.log(`slow rt=${rt.toFixed(0)} nth=${c.n} at=${(performance.now() - t0).toFixed(0)}ms`);
  perClient.set(client, c);
});
inst.on("reqError", (e) => console.log("reqError", e.message));
inst.on("done", (r) => console.log("clients", perClient.size, "max", r.latency.max, "timeouts", r.timeouts));
