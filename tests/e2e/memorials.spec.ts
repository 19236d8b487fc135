import { type Browser, type Page, request as playwrightRequest } from "@playwright/test";
import { expect, test, waitsForHydration } from "./fixtures.ts";
import { DEMO, DEV_CODE, login, watchForErrors } from "./helpers.ts";

/** Everyone on a phone: 360 × 780, one thumb. */
const PHONE = { viewport: { width: 360, height: 780 }, hasTouch: true };
/** A second demo family (`reviews.seed.ts`): the visitor of another family's memorial. */
const VISITOR = "7010000019";

async function personOnPhone(browser: Browser, baseURL: string | undefined, phone: string, locale: "ru" | "kk") {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = waitsForHydration(await context.newPage());
  const errors = watchForErrors(page);
  await login(page, phone, { locale });
  return { page, errors, close: () => context.close() };
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** What a page says to search engines and link previews. */
async function robotsAndPreview(page: Page) {
  const robots = page.locator('meta[name="robots"]');
  return {
    robots: (await robots.count()) ? await robots.getAttribute("content") : null,
    ogTitle: await page.locator('meta[property="og:title"]').count(),
  };
}

const WORDS = {
  ru: {
    prefix: "",
    epitaph: "Любим и помним, папа. Навсегда с нами.",
    candle: "Светлая память учителю.",
    access: "Я его ученица, Айгерим.",
  },
  kk: {
    prefix: "/kk",
    epitaph: "Сүйеміз, еске аламыз, әке. Мәңгі бізбен біргесің.",
    candle: "Ұстазымызға жарқын естелік.",
    access: "Мен оның шәкіртімін, Айгерім.",
  },
} as const;

for (const lang of ["ru", "kk"] as const) {
  const w = WORDS[lang];
  /**
   * A family makes a memorial of its grave (by link, hidden from search engines: the defaults),
   * opens its short address, makes it public; another signed-in family leaves a candle, waiting
   * until the family approves it, then sees it on the public page. The family makes it private:
   * the same short address now shows the visitor only a "request access" page; the visitor asks,
   * the family grants, the visitor reads the page again. Every button on the way is pressed.
   */
  test(`a family's memorial, a visitor's candle, a private page's access (${lang})`, async ({ browser, baseURL }) => {
    const family = await personOnPhone(browser, baseURL, DEMO.client.phone, lang);
    const visitor = await personOnPhone(browser, baseURL, VISITOR, lang);

    // The family: its memorials, then a new one of a grave it answers for.
    await family.page.goto(`${w.prefix}/client/memorial`);
    await family.page.getByTestId("memorial-new").tap();
    await family.page.getByTestId("memorial-choose").first().tap();
    const create = family.page.getByTestId("memorial-create-form");
    await expect(create.getByTestId("visibility-link")).toBeChecked();
    await expect(create.getByTestId("memorial-noindex")).toBeChecked();
    await create.getByTestId(`epitaph-${lang}`).fill(w.epitaph);
    await expectNoSideScroll(family.page);
    await create.getByTestId("memorial-create-submit").tap();
    await expect(family.page.getByTestId("memorial-created")).toBeVisible();
    const id = Number(/\/client\/memorial\/(\d+)/.exec(family.page.url())?.[1]);
    expect(id).toBeGreaterThan(0);
    const address = (await family.page.getByTestId("memorial-short-address").getAttribute("href")) ?? "";
    const shortPath = new URL(address).pathname;
    expect(shortPath).toMatch(/^\/m\/[a-z2-7]{12}$/);
    await expectNoSideScroll(family.page);
    // Its QR code and plaque sheet, made by the product itself, for its managers.
    await expect(family.page.getByTestId("memorial-qr-image")).toHaveJSProperty("complete", true);
    expect(
      await family.page.getByTestId("memorial-qr-image").evaluate((i: HTMLImageElement) => i.naturalWidth),
    ).toBeGreaterThan(0);
    const sheet = await family.page.request.get(
      (await family.page.getByTestId("memorial-plaque").getAttribute("href")) ?? "",
    );
    expect(sheet.headers()["content-type"]).toBe("application/pdf");

    // Its short address opens it; by link, it is hidden from search engines and previews.
    await family.page.getByTestId("memorial-open").tap();
    await expect(family.page.getByTestId("memorial-epitaph")).toHaveText(w.epitaph);
    expect(await robotsAndPreview(family.page)).toEqual({ robots: "noindex", ogTitle: 0 });
    // Its id alone opens nothing while it is not public.
    const hidden = await family.page.goto(`${w.prefix}/memorial/${id}`);
    expect(hidden?.status()).toBe(404);

    // The family makes it public and visible to search engines.
    await family.page.goto(`${w.prefix}/client/memorial/${id}`);
    const edit = family.page.getByTestId("memorial-edit-form");
    await edit.getByTestId("visibility-public").tap();
    await edit.getByTestId("memorial-noindex").tap();
    await edit.getByTestId("memorial-save").tap();
    await expect(family.page.getByTestId("memorial-saved")).toBeVisible();
    await expect(family.page.getByTestId("memorial-visibility-badge")).toHaveText(lang === "ru" ? "Открытая" : "Ашық");

    // The visitor opens the short address and leaves a candle: waiting until the family approves.
    await visitor.page.goto(`${w.prefix}${shortPath}`);
    await expect(visitor.page.getByTestId("memorial-epitaph")).toHaveText(w.epitaph);
    const form = visitor.page.getByTestId("tribute-form");
    await form.getByTestId("tribute-kind-candle").tap();
    await form.getByTestId("tribute-text").fill(w.candle);
    await expectNoSideScroll(visitor.page);
    await form.getByTestId("tribute-submit").tap();
    await expect(visitor.page.getByTestId("tribute-sent")).toBeVisible();
    await expect(visitor.page.getByTestId("tribute-waiting").filter({ hasText: w.candle })).toHaveCount(1);
    await expect(visitor.page.getByTestId("tribute").filter({ hasText: w.candle })).toHaveCount(0);

    // The family approves it in the queue.
    await family.page.reload();
    const queued = family.page.getByTestId("tribute-queue").locator("li").filter({ hasText: w.candle });
    await queued.getByTestId("move-approve-button").tap();
    await expect(queued.getByTestId("move-done")).toBeVisible();

    // The visitor sees it on the public page, which search engines and previews may now describe.
    await visitor.page.goto(`${w.prefix}/memorial/${id}`);
    await expect(visitor.page.getByTestId("tribute").filter({ hasText: w.candle })).toHaveCount(1);
    expect(await robotsAndPreview(visitor.page)).toEqual({ robots: null, ogTitle: 1 });
    // Public now: its grave card links it, and the link leads back to it.
    await visitor.page.getByTestId("memorial-grave-link").tap();
    await expect(visitor.page.getByTestId("grave-card")).toBeVisible();
    await visitor.page.getByTestId("grave-memorial").tap();
    await expect(visitor.page.getByTestId("memorial-epitaph")).toHaveText(w.epitaph);
    await expectNoSideScroll(visitor.page);

    // The family makes it private: its short address asks for access and names nobody.
    await family.page.goto(`${w.prefix}/client/memorial/${id}`);
    await family.page.getByTestId("memorial-edit-form").getByTestId("visibility-private").tap();
    await family.page.getByTestId("memorial-save").tap();
    await expect(family.page.getByTestId("memorial-saved")).toBeVisible();
    await visitor.page.goto(`${w.prefix}${shortPath}`);
    const closed = visitor.page.getByTestId("memorial-private");
    await expect(closed).toBeVisible();
    await expect(closed).not.toContainText(w.epitaph);
    expect(await robotsAndPreview(visitor.page)).toEqual({ robots: "noindex", ogTitle: 0 });
    await closed.locator("textarea").fill(w.access);
    await visitor.page.getByTestId("access-submit").tap();
    await expect(visitor.page.getByTestId("access-waiting")).toBeVisible();

    // The family grants it; the visitor reads the page again.
    await family.page.reload();
    const request = family.page.locator("[data-testid^=access-request-]").filter({ hasText: w.access });
    await request.getByTestId("move-grant-button").tap();
    await expect(request.getByTestId("move-done")).toBeVisible();
    await visitor.page.reload();
    await expect(visitor.page.getByTestId("memorial-epitaph")).toHaveText(w.epitaph);

    expect([...family.errors, ...visitor.errors]).toEqual([]);
    await Promise.all([family.close(), visitor.close()]);
  });
}

/**
 * The pages a search engine or a stranger reaches never name a memorial that is not public: for the
 * demo by-link memorial and a private one, its id's page is the missing page's 404, the sitemaps,
 * the grave card and the search results neither link it nor carry its code, and its short address
 * says `noindex` with no preview (a private one without the person's name). The public demo
 * memorial is in the sitemaps with its preview.
 */
test("a by-link or private memorial leaks through no public page", async ({ request, baseURL }) => {
  const owner = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await owner.post("/api/v1/auth/otp/verify", { data: { phone: `+7${DEMO.client.phone}`, code: DEV_CODE } });
  type TMine = {
    memorials: { id: number; visibility: string; shortPath: string }[];
    graves: { burialId: number; isResponsible: boolean }[];
  };
  const mine = (await (await owner.get("/api/v1/memorials/mine")).json()) as TMine;
  const byLink = mine.memorials.find((m) => m.visibility === "link");
  const grave = mine.graves.filter((g) => g.isResponsible).at(-1);
  expect(byLink && grave).toBeTruthy();
  const made = await owner.post("/api/v1/memorials", {
    data: { burialId: grave?.burialId, visibility: "private", epitaphRu: "Только для семьи" },
  });
  expect(made.status()).toBe(201);
  const priv = (await made.json()) as { id: number; shortPath: string };
  const hidden = [];
  for (const m of [byLink as { id: number; shortPath: string }, priv]) {
    const manage = (await (await owner.get(`/api/v1/memorials/${m.id}/manage`)).json()) as {
      grave: { burialId: number };
      person: { surname: string };
      visibility: string;
    };
    hidden.push({ ...m, code: m.shortPath.slice(3), burialId: manage.grave.burialId, ...manage });
  }
  await owner.dispose();

  const sitemaps = (await Promise.all(["/sitemap.xml", "/kk/sitemap.xml"].map((p) => request.get(p)))).map((r) =>
    r.text(),
  );
  const texts = await Promise.all(sitemaps);
  const publicIds = ((await (await request.get("/api/v1/memorials/sitemap")).json()) as { items: { id: number }[] })
    .items;
  expect(publicIds.length).toBeGreaterThan(0);
  for (const xml of texts) expect(xml).toContain(`/memorial/${publicIds[0]?.id}</loc>`);
  const pub = await (await request.get(`/memorial/${publicIds[0]?.id}`)).text();
  expect(pub).toContain('property="og:title"');

  for (const m of hidden) {
    for (const prefix of ["", "/kk"]) {
      expect((await request.get(`${prefix}/memorial/${m.id}`)).status()).toBe(404);
      const card = await (await request.get(`${prefix}/search?grave=${m.burialId}`)).text();
      expect(card).not.toContain(m.code);
      expect(card).not.toContain(`/memorial/${m.id}`);
      const short = await request.get(`${prefix}${m.shortPath}`);
      expect(short.status()).toBe(200);
      const html = await short.text();
      expect(html).toMatch(/<meta name="robots" content="noindex"/);
      expect(html).not.toContain('property="og:');
      if (m.visibility === "private") {
        expect(html).not.toContain(m.person.surname);
        expect(html).not.toContain("Только для семьи");
      }
    }
    for (const xml of texts) {
      expect(xml).not.toContain(`/memorial/${m.id}<`);
      expect(xml).not.toContain(m.code);
    }
    const links = await (await request.get(`/api/v1/memorials/links?burialIds=${m.burialId}`)).json();
    expect(links).toEqual({ items: [] });
  }
});

const CLAIM_WORDS = {
  ru: { prefix: "", relation: "Внук или внучка", epitaph: "Дедушка, мы помним тебя." },
  kk: { prefix: "/kk", relation: "Немересі", epitaph: "Ата, біз сені еске аламыз." },
} as const;

for (const lang of ["ru", "kk"] as const) {
  const w = CLAIM_WORDS[lang];
  /**
   * A relative who is not the grave's responsible person: from the grave card, asks the cemetery to
   * verify them (relation, a document); the cemetery's manager approves in the requests' tab; the
   * relative then makes the grave's memorial.
   */
  test(`a relative verified by the cemetery makes a grave's memorial (${lang})`, async ({ browser, baseURL }) => {
    const relative = await personOnPhone(browser, baseURL, VISITOR, lang);
    const manager = await personOnPhone(browser, baseURL, DEMO.manager.phone, lang);
    // A grave of the registry that nobody has claimed and that has no memorial yet.
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
    await api.post("/api/v1/auth/otp/verify", { data: { phone: `+7${VISITOR}`, code: DEV_CODE } });
    const found = (await (await api.get("/api/v1/burials/search?q=%D0%B0%D1%85%D0%BC%D0%B5%D1%82")).json()) as {
      items: { id: number }[];
    };
    let burialId = 0;
    for (const b of found.items) {
      const g = (await (await api.get(`/api/v1/memorials/graves/${b.id}`)).json()) as {
        claim: unknown;
        memorialId: number | null;
        isResponsible: boolean;
      };
      if (g.claim === null && g.memorialId === null && !g.isResponsible) {
        burialId = b.id;
        break;
      }
    }
    expect(burialId).toBeGreaterThan(0);
    // Its deceased's full name tells its request apart from earlier runs' in the cemetery's list.
    const grave = (await (await api.get(`/api/v1/burials/${burialId}`)).json()) as {
      surname: string;
      name: string;
      patronymic: string;
    };
    const deceased = [grave.surname, grave.name, grave.patronymic].filter(Boolean).join(" ");
    await api.dispose();

    // The grave card leads to the memorial's making; not responsible, the relative asks to be verified.
    await relative.page.goto(`${w.prefix}/search?grave=${burialId}`);
    await relative.page.getByTestId("grave-memorial-create").tap();
    const claim = relative.page.getByTestId("claim-form");
    await claim.getByTestId("claim-relation").selectOption({ label: w.relation });
    await claim.locator("input[type=file]").setInputFiles({
      name: "birth-certificate.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF"),
    });
    await expect(claim.locator("input[type=hidden][name=documentIds]")).toHaveCount(1);
    await expectNoSideScroll(relative.page);
    await claim.getByTestId("claim-submit").tap();
    await expect(relative.page.getByTestId("claim-waiting")).toBeVisible();

    // The cemetery's manager approves it in the requests' tab.
    await manager.page.goto(`${w.prefix}/manager/requests`);
    await manager.page.getByTestId("tab-memorials").tap();
    const card = manager.page
      .getByTestId("memorial-claims")
      .locator("> li")
      .filter({ has: manager.page.getByRole("heading", { name: deceased, exact: true }) });
    await expect(card).toContainText("+77010000019");
    await card.getByTestId("move-approve-button").tap();
    await expect(card.getByTestId("move-done")).toBeVisible();
    await expectNoSideScroll(manager.page);

    // The relative, verified, makes the memorial.
    await relative.page.reload();
    const create = relative.page.getByTestId("memorial-create-form");
    await create.getByTestId(`epitaph-${lang}`).fill(w.epitaph);
    await create.getByTestId("memorial-create-submit").tap();
    await expect(relative.page.getByTestId("memorial-created")).toBeVisible();

    expect([...relative.errors, ...manager.errors]).toEqual([]);
    await Promise.all([relative.close(), manager.close()]);
  });
}
