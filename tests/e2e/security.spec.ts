import type { APIRequestContext, Page } from "@playwright/test";
import { ROUTES } from "../../common/route-table.ts";
import { can, type Permission } from "../../common/permissions.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { DEMO, DEV_CODE, login } from "./helpers.ts";

/**
 * The site as an attacker tries it (issue 7, section 1), against the production build: where a
 * login sends you, guarded pages behind percent-encoded paths, ids nobody should type, and user
 * text with markup on the maps.
 */

/** Signs a demo account in on an API context (its cookies then travel with every request). */
async function signIn(request: APIRequestContext, phone: string) {
  const res = await request.post("/api/v1/auth/otp/verify", { data: { phone: `+7${phone}`, code: DEV_CODE } });
  expect(res.status()).toBe(200);
}

/** A same-site path: what a browser would keep on this site whatever it drops or rewrites. */
function expectSameSite(location: string | undefined) {
  expect(location).toBeDefined();
  const value = location as string;
  expect(value).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
  expect(new URL(value, "http://127.0.0.1").host).toBe("127.0.0.1");
}

test.describe("after login", () => {
  // `next` as it appears in the query string (the attacker's own encoding).
  const HOSTILE = [
    "/%09/evil.example",
    "%2F%0A%2Fx",
    "%2F%0D%0A%2Fevil.example",
    "//evil.example",
    "/%5Cevil.example",
    "%2F%5Cevil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "/%252F%252Fevil.example",
    "/%2F%2Fevil.example",
    "/.//evil.example",
    "/%E0%A4%A",
    "%",
    `/${"x".repeat(5000)}`,
  ];

  test("a signed-in visit of /login?next= stays on this site and never fails", async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await signIn(request, DEMO.client.phone);
    for (const next of HOSTILE) {
      const res = await request.get(`/login?next=${next}`, { maxRedirects: 0 });
      expect(res.status(), next).toBe(302);
      expectSameSite(res.headers().location);
    }
    // Same-site pages are kept, Cyrillic ones too (encoded: a valid Location header).
    const kept = await request.get("/login?next=%2Fkk%2Fnews%3Fcategory%3Dlegislation", { maxRedirects: 0 });
    expect(kept.headers().location).toBe("/kk/news?category=legislation");
    const cyrillic = await request.get(`/login?next=${encodeURIComponent("/search?q=Иванов")}`, { maxRedirects: 0 });
    expect(cyrillic.status()).toBe(302);
    expect(cyrillic.headers().location).toBe("/search?q=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2");
    await request.dispose();
  });

  test("the login form's own navigation ignores an off-site next", async ({ page }) => {
    await login(page, DEMO.client.phone, { path: "/login?next=/%09/evil.example" });
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByTestId("client-menu")).toBeVisible();
  });
});

test.describe("guarded pages", () => {
  const encodeEach = (path: string, lower = false) =>
    path.replace(/[^/]/g, (ch) => {
      const hex = `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
      return lower ? hex.toLowerCase() : hex;
    });
  /** One character encoded in mixed-case hex: `/admin/%4danagers`. */
  const encodeOne = (path: string) => {
    const i = path.search(/[a-z]/);
    const hex = path.charCodeAt(i).toString(16);
    return `${path.slice(0, i)}%${hex[0]}${(hex[1] ?? "").toUpperCase()}${path.slice(i + 1)}`;
  };
  /** Every spelling of a guarded path that React Router matches to the same page. */
  const spellings = (path: string) => {
    const kk = `/kk${path}`;
    return [
      path,
      encodeEach(path),
      encodeEach(path, true),
      encodeOne(path),
      path.toUpperCase(),
      kk,
      `/kk${encodeEach(path)}`,
      encodeEach(kk),
    ];
  };
  const guarded = ROUTES.flatMap((r) =>
    r.permission ? [{ ...r, permission: r.permission, sample: r.path.replace(/:id\b/g, "1") }] : [],
  );
  const wrongRole = (permission: Permission): keyof typeof DEMO => (can("client", permission) ? "supplier" : "client");

  test("the issue's examples: anonymous visitors go to login, the admin form is never served", async ({ request }) => {
    for (const path of [
      "/admin/akimat/%66orm",
      "/admin/%6danagers",
      "/%61dmin/managers",
      "/user/%75sers",
      "/manager/%63emetery",
      "/kk/%61dmin/akimat/%66orm",
    ]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location, path).toMatch(/^(\/kk)?\/login\?next=/);
      // A client-side navigation asks for the page's data (`.data`): it gets the same redirect,
      // never the staff loaders' data.
      const data = await request.get(`${path}.data`, { maxRedirects: 0 });
      expect(data.status(), `${path}.data`).toBe(202);
      expect(await data.text(), `${path}.data`).toMatch(/^\[\["SingleFetchRedirect".*"(\/kk)?\/login\?next=/);
    }
  });

  test("every guarded entry, in every spelling: login for anonymous visitors, 403 for a wrong role", async ({
    playwright,
  }) => {
    const baseURL = test.info().project.use.baseURL;
    const anonymous = await playwright.request.newContext({ baseURL });
    const signedIn: Partial<Record<keyof typeof DEMO, APIRequestContext>> = {};
    let checked = 0;
    for (const entry of guarded) {
      const role = wrongRole(entry.permission);
      if (!signedIn[role]) {
        signedIn[role] = await playwright.request.newContext({ baseURL });
        await signIn(signedIn[role] as APIRequestContext, DEMO[role].phone);
      }
      for (const path of spellings(entry.sample)) {
        const anon = await anonymous.get(path, { maxRedirects: 0 });
        expect(anon.status(), `anonymous ${path}`).toBe(302);
        expect(anon.headers().location, `anonymous ${path}`).toMatch(/^(\/kk)?\/login\?next=/);
        // A form post (an action) is refused before it runs, like the page itself.
        const post = await anonymous.post(path, { form: { intent: "x" }, maxRedirects: 0 });
        expect(post.status(), `anonymous POST ${path}`).toBe(302);
        const wrong = await (signedIn[role] as APIRequestContext).get(path, { maxRedirects: 0 });
        expect(wrong.status(), `${role} ${path}`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBe(guarded.length * spellings("/x").length);
    for (const c of [anonymous, ...Object.values(signedIn)]) await c?.dispose();
  });
});

test.describe("ids nobody should type", () => {
  const BAD = ["99999999999", "2147483648", "1e3", "0x10", "-1", "0", "abc"];

  test("pages answer 404 (or ignore a bad filter), never 500", async ({ playwright }) => {
    const baseURL = test.info().project.use.baseURL;
    const as = async (role?: keyof typeof DEMO) => {
      const c = await playwright.request.newContext({ baseURL });
      if (role) await signIn(c, DEMO[role].phone);
      return c;
    };
    const contexts = { anonymous: await as(), admin: await as("admin"), akimat: await as("akimat") };
    const pages: [keyof typeof contexts, (id: string) => string, number][] = [
      ["anonymous", (id) => `/news/${id}`, 404],
      ["anonymous", (id) => `/kk/news/${id}`, 404],
      ["anonymous", (id) => `/search?q=${encodeURIComponent("Ив")}&cemeteryId=${id}`, 200],
      ["anonymous", (id) => `/search?grave=${id}`, 200],
      ["anonymous", (id) => `/walk/${id}`, 404],
      ["anonymous", (id) => `/kk/walk/${id}`, 404],
      ["anonymous", (id) => `/reserve?cemetery=${id}`, 200],
      ["admin", (id) => `/admin/cemetery/${id}`, 404],
      ["admin", (id) => `/manager/cemetery/${id}`, 404],
      ["admin", (id) => `/admin/akimat/form?id=${id}`, 404],
      ["admin", (id) => `/admin/cemetery/form?id=${id}`, 404],
      ["akimat", (id) => `/user/news/${id}`, 404],
      ["akimat", (id) => `/user/news/form?id=${id}`, 404],
      // Page numbers past what the lists serve are clamped, not refused.
      ["anonymous", (n) => `/news?page=${n}`, 200],
      ["anonymous", (n) => `/search?q=${encodeURIComponent("Ив")}&page=${n}`, 200],
      ["akimat", (n) => `/user/news?page=${n}`, 200],
      ["admin", (n) => `/admin/notifications?page=${n}`, 200],
    ];
    for (const [who, url, status] of pages) {
      for (const id of [...BAD, "2147483647"]) {
        const res = await contexts[who].get(url(id), { maxRedirects: 0 });
        expect(res.status(), `${who} ${url(id)}`).toBe(status);
      }
    }
    // A NUL character, which no page takes and PostgreSQL cannot store: a 400, never a 500.
    for (const url of ["/reserve?city=a%00b", "/search?q=%00%00", "/news?category=%00", "/kk/news/%00"]) {
      expect((await contexts.anonymous.get(url, { maxRedirects: 0 })).status(), url).toBe(400);
    }
    for (const c of Object.values(contexts)) await c.dispose();
  });
});

test.describe("user text on the maps", () => {
  const NAME = "<img src=x onerror=window.__pwned=1>";
  const SECTOR = "<b id=pwn>S</b>";

  /** Moves the mouse over the map until a plot's tooltip opens; its text. */
  async function hoverPlot(page: Page) {
    const map = page.getByTestId("plot-map");
    // On /reserve the chosen cemetery, its map and Leaflet are three lazy loads after hydration.
    await waitForHydration(page);
    await expect(map).toHaveAttribute("data-plots", /^[1-9]\d*$/, { timeout: 30_000 });
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox()) as { x: number; y: number; width: number; height: number };
    const tooltip = map.locator(".leaflet-tooltip");
    // Where a free plot is drawn on the map's canvas (its fill colour), to point at it directly.
    const spot = await map.evaluate((el) => {
      for (const canvas of el.querySelectorAll<HTMLCanvasElement>(".leaflet-overlay-pane canvas")) {
        const ctx = canvas.getContext("2d");
        if (!ctx || !canvas.width || !canvas.height) continue;
        const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        const rect = canvas.getBoundingClientRect();
        for (let y = 0; y < height; y += 2) {
          for (let x = 0; x < width; x += 2) {
            const k = (y * width + x) * 4;
            const [r, g, b, a] = [data[k] ?? 0, data[k + 1] ?? 0, data[k + 2] ?? 0, data[k + 3] ?? 0];
            if (a > 0 && Math.abs(r - 46) < 30 && Math.abs(g - 139) < 30 && Math.abs(b - 87) < 30) {
              return { x: rect.left + (x * rect.width) / width, y: rect.top + (y * rect.height) / height };
            }
          }
        }
      }
      return null;
    });
    if (spot) {
      await page.mouse.move(spot.x, spot.y);
      await page.mouse.move(spot.x + 1, spot.y + 1);
      if (await tooltip.count()) return tooltip.first();
    }
    const steps = 24;
    for (let i = 1; i < steps; i++) {
      for (let j = 1; j < steps; j++) {
        await page.mouse.move(box.x + (box.width * j) / steps, box.y + (box.height * i) / steps);
        if (await tooltip.count()) return tooltip.first();
      }
    }
    await page.screenshot({ path: test.info().outputPath("no-tooltip.png") });
    throw new Error("no plot tooltip opened");
  }

  test("a cemetery name and a plot sector with markup show as literal text, injecting nothing", async ({
    page,
    playwright,
  }) => {
    // The admin names a cemetery and a sector as an attacker would (through the API).
    await signIn(page.request, DEMO.admin.phone);
    const akimats = await (await page.request.get("/api/v1/akimats")).json();
    const created = await page.request.post("/api/v1/cemeteries", {
      data: {
        akimatId: akimats.items[0].id,
        nameRu: NAME,
        nameKk: NAME,
        city: "Алматы",
        religion: "all",
        status: "open",
        capacity: 500,
        burialFee: 0,
        burialSlots: { days: [1, 2, 3, 4, 5], from: "10:00", to: "16:00" },
        boundary: [
          [76.95, 43.31],
          [76.9515, 43.31],
          [76.9515, 43.311],
          [76.95, 43.311],
        ],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    const generated = await page.request.post(`/api/v1/cemeteries/${id}/plots/generate`, {
      data: { sector: SECTOR, rowFrom: 1, rowTo: 8, perRow: 20, width: 2, depth: 2.5 },
    });
    expect(generated.status()).toBe(201);

    // /reserve: the city map's label of every cemetery.
    await page.goto("/reserve");
    const label = page.locator(".leaflet-tooltip").filter({ hasText: NAME });
    await expect(label).toHaveCount(1);
    // The name is the label's first line, exactly as typed.
    await expect(label.locator("span > span").first()).toHaveText(NAME);
    // The cemetery's own plot map on /reserve, then the admin's and the manager's.
    for (const path of [`/reserve?cemetery=${id}`, `/admin/cemetery/${id}`, `/manager/cemetery/${id}`]) {
      await page.goto(path);
      const tooltip = await hoverPlot(page);
      await expect(tooltip).toContainText(`${SECTOR}, `);
      expect(await page.locator("img[src=x], #pwn").count(), path).toBe(0);
    }
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // A manager opening a cemetery that is not theirs gets a 403 page, not a failure.
    const manager = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await signIn(manager, DEMO.manager.phone);
    expect((await manager.get(`/manager/cemetery/${id}`, { maxRedirects: 0 })).status()).toBe(403);
    await manager.dispose();
  });
});
