import { chromium, request as pwRequest } from "@playwright/test";
import { findChromium } from "./scripts/chromium.mjs";
const BASE = "http://127.0.0.1:3700";
const api = await pwRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
const signIn = await api.post("/api/v1/auth/otp/verify", { data: { phone: "+77010000005", code: "111111" } });
console.log("signin", signIn.status());
const cems = (await (await api.get("/api/v1/cemeteries")).json()).items.filter((c) => c.status === "open" && c.counts.free > 0 && c.center);
const c = cems[0];
let free;
for (let d = 0.001; d < 0.05 && !free; d *= 2) {
  const [lng, lat] = c.center;
  const plots = await api.get(`/api/v1/cemeteries/${c.id}/plots`, { params: { bbox: [lng - d, lat - d, lng + d, lat + d].join(",") } });
  free = (await plots.json()).features.find((f) => f.properties.status === "free")?.properties.id;
}
const booked = await api.post("/api/v1/burial-requests", { data: { kind: "new_grave", plotIds: [free], surname: "Смоков", name: "Тест", patronymic: "", iin: "450102400122", deathDate: "2026-11-24" } });
console.log("booked", booked.status(), await booked.text());
const id = (await booked.json()).id;
const browser = await chromium.launch({ executablePath: findChromium().path });
const ctx = await browser.newContext({ viewport: { width: 360, height: 780 }, baseURL: BASE, storageState: await api.storageState() });
const page = await ctx.newPage();
page.on("console", (m) => m.type() === "error" && console.log("console:", m.text()));
for (const [name, path] of [["add", `/client/tickets/burial/add-service?request=${id}`], ["add-kk", `/kk/client/tickets/burial/add-service?request=${id}`], ["choose", "/client/tickets/burial/add-service"], ["services", "/client/services"], ["ticket", `/client/tickets/active/${id}`]]) {
  const res = await page.goto(path);
  console.log(name, res.status());
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
}
await browser.close();
console.log(JSON.stringify({ id }));
{
  const browser = await chromium.launch({ executablePath: findChromium().path });
  const ctx = await browser.newContext({ viewport: { width: 360, height: 780 }, baseURL: BASE, storageState: await api.storageState() });
  const page = await ctx.newPage();
  page.on("console", (m) => m.type() === "error" && console.log("console:", m.text()));
  await page.goto(`/client/tickets/burial/add-service?request=${id}`);
  await page.waitForSelector("html[data-hydrated]");
  const offers = page.locator('[data-testid^="offer-"][data-testid$="-add"]');
  console.log("offers", await offers.count());
  await offers.nth(0).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/after-add.png`, fullPage: true });
  // fill date/time for the next if shown
  await page.locator('[data-testid^="offer-"][data-testid$="-add"]').nth(2).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/after-add2.png`, fullPage: true });
  await page.getByTestId("checkout-on_delivery").check();
  await page.getByTestId("checkout").click();
  await page.waitForURL(/client\/services/);
  await page.screenshot({ path: `/tmp/shots/services-after.png`, fullPage: true });
  const link = page.locator('[data-testid^="family-supplier-order-"] a').first();
  await link.click();
  await page.waitForURL(/client\/services\/\d+/);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/family-order.png`, fullPage: true });
  const sup = await pwRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  await sup.post("/api/v1/auth/otp/verify", { data: { phone: "+77010000004", code: "111111" } });
  const sctx = await browser.newContext({ viewport: { width: 360, height: 780 }, baseURL: BASE, storageState: await sup.storageState() });
  const sp = await sctx.newPage();
  sp.on("console", (m) => m.type() === "error" && console.log("console:", m.text()));
  await sp.goto("/supplier/tickets/active");
  await sp.screenshot({ path: `/tmp/shots/supplier-list.png`, fullPage: true });
  await sp.locator('[data-testid^="supplier-order-"] a').first().click();
  await sp.waitForURL(/tickets\/active\/\d+/);
  await sp.waitForSelector("html[data-hydrated]");
  await sp.screenshot({ path: `/tmp/shots/supplier-order.png`, fullPage: true });
  await sp.getByTestId("move-accept-button").click();
  await sp.waitForTimeout(1500);
  await sp.screenshot({ path: `/tmp/shots/supplier-accepted.png`, fullPage: true });
  await browser.close();
}
