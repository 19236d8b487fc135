import type { APIRequestContext } from "@playwright/test";
import { shortCode } from "../../common/short-code.ts";
import { expect, test } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/**
 * A visitor at the cemetery with a phone (decision 027): scans a grave's plaque (its short
 * address), lands on the grave's card, opens the way to the grave on foot, lets the phone tell
 * where they are, walks closer until told they are there; then loses the network, reloads, and
 * still has the plan and the grave. The card's QR files download.
 */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

type TWalk = { grave: { id: number; surname: string; point: [number, number]; reburied: unknown } };

/** A grave of the demo registry whose remains were not moved, with its walking data. */
async function aGrave(request: APIRequestContext, from: number): Promise<TWalk> {
  for (let id = from; id < from + 40; id++) {
    const res = await request.get(`/api/v1/burials/${id}/walk`);
    if (res.status() !== 200) continue;
    const walk = (await res.json()) as TWalk;
    if (!walk.grave.reburied) return walk;
  }
  throw new Error("no grave in the demo registry");
}

/** A point `east` and `north` metres from `[lng, lat]`. */
const offset = ([lng, lat]: [number, number], east: number, north: number) => ({
  longitude: lng + east / (111_195 * Math.cos((lat * Math.PI) / 180)),
  latitude: lat + north / 111_195,
});

const WORDS = {
  ru: {
    direction: "на северо-восток",
    arrived: "Вы у могилы",
    offline: "Нет связи",
    kept: "План сохранён",
    copy: "Копировать адрес",
    copied: "Адрес скопирован",
    zoomNear: "Крупнее: рядом с могилой",
    zoomAll: "Весь план кладбища",
    northUp: "относительно севера",
    followArrow: "держите телефон ровно",
  },
  kk: {
    direction: "солтүстік-шығысқа",
    arrived: "Сіз қабірдің жанындасыз",
    offline: "Байланыс жоқ",
    kept: "Жоспар осы телефонда сақталды",
    copy: "Мекенжайды көшіру",
    copied: "Мекенжай көшірілді",
    zoomNear: "Ірірек: қабірдің маңы",
    zoomAll: "Зираттың бүкіл жоспары",
    northUp: "солтүстікке қатысты",
    followArrow: "телефонды тегіс ұстаңыз",
  },
} as const;

for (const [locale, from] of [
  ["ru", 3],
  ["kk", 7],
] as const) {
  test(`a visitor scans a grave's plaque, walks to the grave and finds it again with no network (${locale})`, async ({
    page,
    context,
    request,
  }) => {
    const errors = watchForErrors(page);
    const words = WORDS[locale];
    const prefix = locale === "kk" ? "/kk" : "";
    const walk = await aGrave(request, from);
    const id = walk.grave.id;

    // The plaque's code holds the short address; the phone's camera opens it.
    await page.goto(`${prefix}/g/${shortCode(id)}`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/search\\?grave=${id}#grave-title$`));
    const card = page.getByTestId("grave-card");
    await expect(card.getByRole("heading", { level: 2 })).toContainText(walk.grave.surname);

    // The card's QR part: the code's image, the address, the files.
    await card.getByTestId("grave-qr").locator("summary").tap();
    const image = card.getByTestId("grave-qr-image");
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const address = card.getByTestId("grave-short-address");
    await expect(address).toHaveText(new RegExp(`/g/${shortCode(id)}$`));
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await card.getByRole("button", { name: words.copy }).tap();
    await expect(card.getByRole("button", { name: words.copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await address.getAttribute("href"));
    const png = await page.request.get((await card.getByTestId("grave-qr-png").getAttribute("href")) as string);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect((await png.body()).subarray(1, 4).toString()).toBe("PNG");
    const svg = await page.request.get((await card.getByTestId("grave-qr-svg").getAttribute("href")) as string);
    expect(svg.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toMatch(/^<svg/);
    const plaqueHref = (await card.getByTestId("grave-plaque").getAttribute("href")) as string;
    expect(plaqueHref).toContain(`lang=${locale}`);
    const pdf = await page.request.get(plaqueHref);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // The way there on foot: the plan first, the position only once asked for.
    await card.getByTestId("grave-walk").tap();
    await expect(page).toHaveURL(new RegExp(`${prefix}/walk/${id}$`));
    await expect(page.getByTestId("walk-plan")).toBeVisible();
    await expect(page.getByTestId("walk-grave")).toBeVisible();
    await expect(page.getByTestId("walk-you")).toHaveCount(0);

    // 60 m south and 60 m west of the grave: it lies to the north-east, about 85 m away.
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ ...offset(walk.grave.point, -60, -60), accuracy: 6 });
    await page.getByTestId("walk-locate").tap();
    const distance = page.getByTestId("walk-distance");
    await expect(distance).toContainText(words.direction);
    await expect(distance).toContainText(/8\d м$/);
    await expect(page.getByTestId("walk-arrow")).toHaveAttribute("data-deg", /^4[3-7]$/);
    await expect(page.getByTestId("walk-you")).toBeVisible();
    await expect(page.getByText(words.northUp)).toBeVisible();
    // The phone's compass says it points west (270°): the arrow turns to the grave, 135° clockwise.
    await page.evaluate(() =>
      window.dispatchEvent(new DeviceOrientationEvent("deviceorientationabsolute", { alpha: 90, absolute: true })),
    );
    await expect(page.getByTestId("walk-arrow")).toHaveAttribute("data-deg", /^13[3-7]$/);
    await expect(page.getByText(words.followArrow)).toBeVisible();

    // A few steps from the grave.
    await context.setGeolocation({ ...offset(walk.grave.point, 2, 1), accuracy: 5 });
    await expect(page.getByTestId("walk-arrived")).toContainText(words.arrived);
    await expect(distance).toHaveCount(0);
    // The plan close to the grave, then the whole cemetery again.
    await page.getByTestId("walk-zoom").tap();
    await expect(page.getByTestId("walk-zoom")).toHaveText(words.zoomAll);
    await expect(page.getByTestId("walk-you")).toBeVisible();
    await page.getByTestId("walk-zoom").tap();
    await expect(page.getByTestId("walk-zoom")).toHaveText(words.zoomNear);
    // Done: the phone stops following the position.
    await page.getByTestId("walk-stop").tap();
    await expect(page.getByTestId("walk-locate")).toBeVisible();
    await expect(page.getByTestId("walk-you")).toHaveCount(0);

    // The page kept itself for a visit with no network; the network goes, the page is reloaded.
    await expect(page.getByTestId("walk-kept")).toContainText(words.kept);
    expect(errors).toEqual([]);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByTestId("walk-plan")).toBeVisible();
      await expect(page.getByTestId("walk-grave-name")).toContainText(walk.grave.surname);
      await expect(page.getByTestId("walk-offline")).toContainText(words.offline);
      // The position still leads there with no network.
      await page.getByTestId("walk-locate").tap();
      await expect(page.getByTestId("walk-arrived")).toContainText(words.arrived);
      // Nothing failed on the way, offline included (the failed loads of the network are the browser's, not the page's).
      expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual([]);
    } finally {
      await context.setOffline(false);
    }
  });
}

test("a signed-in visitor's walking page is never kept by the service worker, nor any API answer but the walking data", async ({
  page,
  request,
}) => {
  const walk = await aGrave(request, 15);
  await login(page, DEMO.client.phone);
  await page.goto(`/walk/${walk.grave.id}`);
  await expect(page.getByTestId("walk-plan")).toBeVisible();
  // The worker has answered the page's request to be kept: refused (the page is private).
  await expect(page.getByTestId("walk")).toHaveAttribute("data-kept", "no");
  await expect(page.getByTestId("walk-kept")).toHaveCount(0);
  const kept = await page.evaluate(async () => {
    const store = await caches.open("walk-v1");
    return (await store.keys()).map((r) => new URL(r.url).pathname);
  });
  expect(kept).not.toContain(`/walk/${walk.grave.id}`);
  for (const path of kept) {
    expect(path).toMatch(/^\/assets\/|^\/api\/v1\/burials\/\d+\/walk$|^\/__manifest$|^(\/kk)?\/walk\/\d+$/);
  }
  // Only the anonymous pages kept by the journeys above may be there, never this one.
  expect(kept.filter((p) => /^\/api\/v1\/(?!burials\/\d+\/walk$)/.test(p))).toEqual([]);
});

test("a visitor far from the cemetery, or with a poor fix, is told so (kk)", async ({ page, context, request }) => {
  const walk = await aGrave(request, 19);
  await context.grantPermissions(["geolocation"]);
  // At home, 5 km to the south: the direction and the distance in kilometres; the plan stays the cemetery's.
  await context.setGeolocation({ ...offset(walk.grave.point, 0, -5000), accuracy: 20 });
  await page.goto(`/kk/walk/${walk.grave.id}`);
  await page.getByTestId("walk-locate").tap();
  await expect(page.getByTestId("walk-distance")).toHaveText("солтүстікке, 5 км");
  await expect(page.getByText("Сіз зираттан алыстасыз")).toBeVisible();
  await expect(page.getByTestId("walk-you")).toHaveCount(0);
  // At the cemetery under trees: ±80 m is flagged, and never taken for "you are there".
  await context.setGeolocation({ ...offset(walk.grave.point, 40, 0), accuracy: 80 });
  await expect(page.getByTestId("walk-low-accuracy")).toContainText("±80 м");
  await expect(page.getByTestId("walk-distance")).toHaveText("батысқа, 40 м");
  await expect(page.getByTestId("walk-arrived")).toHaveCount(0);
});

test("a visitor who refuses the location still has the plan and is told how to allow it", async ({ page, request }) => {
  const walk = await aGrave(request, 11);
  await page.goto(`/walk/${walk.grave.id}`);
  await expect(page.getByTestId("walk-plan")).toBeVisible();
  await page.getByTestId("walk-locate").tap();
  await expect(page.getByTestId("walk-denied")).toContainText("Доступ к местоположению запрещён");
  await expect(page.getByTestId("walk-plan")).toBeVisible();
});

test("a code that is no grave's opens the site's 404 page", async ({ page }) => {
  const res = await page.goto(`/kk/g/${shortCode(2_000_000_000)}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
