import autocannon from "autocannon";
const BASE = process.argv[2];
const queries = [];
for (let y = 2025; y >= 1950 && queries.length < 600; y--) {
  const r = await fetch(`${BASE}/api/v1/burials/search?deathYear=${y}`); if (!r.ok) continue;
  for (const b of (await r.json()).items) queries.push(b.surname);
}
let i = 0;
const pick = () => { const q = encodeURIComponent(queries[Math.floor(Math.random() * queries.length)]); const r = Math.random();
  if (r < 0.2) return "/"; if (r < 0.45) return `/search?q=${q}`; if (r < 0.55) return "/reserve"; if (r < 0.65) return "/news"; if (r < 0.75) return "/kk"; return `/api/v1/burials/search?q=${q}&page=${1 + (i++ % 2)}`; };
const inst = autocannon({ url: BASE, connections: 200, duration: Number(process.argv[3] ?? 15), timeout: 10, requests: [{ setupRequest: (req, ctx) => { const p = pick(); ctx.p = p; return { ...req, path: p }; } }] });
const perClient = new Map(); const t0 = performance.now(); const slow = [];
inst.on("response", (client, status, bytes, rt) => { const n = (perClient.get(client) ?? 0) + 1; perClient.set(client, n); if (rt > 1500) slow.push(`rt=${rt.toFixed(0)} nth=${n} at=${(performance.now() - t0).toFixed(0)}`); });
inst.on("timeout", () => slow.push(`TIMEOUT at=${(performance.now() - t0).toFixed(0)}`));
inst.on("done", (r) => { console.log(slow.slice(0, 15).join("\n")); console.log("slow", slow.length, "clients", perClient.size, "p99", r.latency.p99, "max", r.latency.max, "timeouts", r.timeouts, "rps", r.requests.average); });
