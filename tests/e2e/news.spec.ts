import type { Page } from "@playwright/test";
import { expect, test, waitsForHydration } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

// A tiny valid PNG (1×1), as a cover photo.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Fails the test when any page opens a dialog (an injected script would). */
function forbidDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  return dialogs;
}

test("the akimat writes a news item in both languages with a cover and a link; visitors read it in each language", async ({
  page,
  browser,
}) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.akimat.phone);
  await page.goto("/user/news");
  await page.getByTestId("new-news").click();
  await expect(page).toHaveURL(/\/user\/news\/form$/);

  await page.locator("#nf-titleRu").fill("Дни поминовения: дополнительные автобусы");
  const ru = page.locator("#nf-contentRu-editor .ql-editor");
  await ru.click();
  await page.keyboard.type("Расписание на сайте акимата");
  // Select the last word and make it a link through the editor's toolbar.
  await page.keyboard.press("Shift+Control+ArrowLeft");
  await page.locator("#nf-contentRu-editor").locator("xpath=..").locator("button.ql-link").click();
  const linkInput = page.locator(".ql-tooltip input[type=text]").first();
  await linkInput.fill("https://almaty.gov.kz");
  await linkInput.press("Enter");

  await page.locator("#nf-titleKk").fill("Еске алу күндері: қосымша автобустар");
  await page.locator("#nf-contentKk-editor .ql-editor").click();
  await page.keyboard.type("Кесте әкімдік сайтында");

  const cover = page.getByTestId("news-form").locator("input[type=file]").first();
  // Hold the upload's answer until the progress bar has been seen: a 70-byte file is otherwise done
  // before the page can be looked at.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // By path: the drop zone adds the page's language to the address (`/api/v1/uploads?lang=ru`), which a
  // glob of the bare path would not match, and the upload would then go through unheld.
  const isUpload = (url: URL) => url.pathname === "/api/v1/uploads";
  // The cover's one request only (times: 1), so nothing has to take the hold off while it is in flight.
  await page.route(
    isUpload,
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await cover.setInputFiles({ name: "автобус.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByTestId("news-form").getByRole("progressbar").first()).toBeAttached();
  release();
  await expect(page.getByTestId("news-form").locator("input[type=hidden][name=coverId]")).toHaveCount(1);

  await page.getByTestId("save-news").click();
  await expect(page).toHaveURL(/\/user\/news\/\d+$/);
  await page.getByTestId("move-publish-button").click();
  await expect(page.getByText("Опубликована").first()).toBeVisible();
  // The item's buttons are its moves now: withdrawing, no second publishing.
  await expect(page.getByTestId("move-unpublish-button")).toBeVisible();
  await expect(page.getByTestId("move-publish-button")).toHaveCount(0);
  const id = /\/user\/news\/(\d+)$/.exec(page.url())?.[1];

  const visitor = waitsForHydration(await browser.newPage());
  const visitorErrors = watchForErrors(visitor);
  await visitor.goto(`/news/${id}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Дни поминовения: дополнительные автобусы");
  await expect(visitor.locator(".rich-text a")).toHaveAttribute("href", "https://almaty.gov.kz");
  await expect(visitor.locator("img.news-article__cover")).toBeVisible();
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute("content", /Дни поминовения/);
  await visitor.goto(`/kk/news/${id}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Еске алу күндері: қосымша автобустар");
  await visitor.goto("/kk/news");
  await expect(visitor.getByTestId("news-list")).toContainText("Еске алу күндері");

  // Withdrawn to drafts: gone from the public site, publishable again; then deleted after the question.
  await page.getByTestId("move-unpublish-button").click();
  await expect(page.getByTestId("move-publish-button")).toBeVisible();
  await expect(page.getByTestId("move-unpublish-button")).toHaveCount(0);
  // (Anonymous pages are kept rendered for a second: the page answers 404 once that copy is gone.)
  await expect.poll(async () => (await visitor.goto(`/news/${id}`))?.status()).toBe(404);
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Удалить" }).click();
  await expect(page).toHaveURL(/\/user\/news$/);
  await expect(page.getByText("Дни поминовения: дополнительные автобусы")).toHaveCount(0);
  expect(visitorErrors).toEqual([]);
  expect(errors).toEqual([]);
});

test("a client cannot open the news form", async ({ page }) => {
  await login(page, DEMO.client.phone);
  const res = await page.goto("/user/news/form");
  expect(res?.status()).toBe(403);
});

test("stored scripts in titles, content and file names never run", async ({ page }) => {
  const dialogs = forbidDialogs(page);
  await login(page, DEMO.akimat.phone);
  const api = page.request;
  const form = {
    file: { name: '"><img src=x onerror=alert(1)>.png', mimeType: "image/png", buffer: PNG },
    purpose: "photo",
  };
  const up = await api.post("/api/v1/uploads", { multipart: form });
  expect(up.status()).toBe(201);
  const cover = await up.json();
  const created = await api.post("/api/v1/akimat/news", {
    data: {
      category: "announcements",
      titleRu: '<script>alert("title")</script><img src=x onerror=alert(2)>',
      contentRu:
        '<p>Текст<script>alert(3)</script><img src=x onerror=alert(4)><a href="javascript:alert(5)">a</a><a href="data:text/html,<script>alert(6)</script>">b</a><svg onload=alert(7)></svg></p>',
      coverId: cover.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  expect((await api.post(`/api/v1/akimat/news/${id}/moves/publish`, { data: {} })).status()).toBe(200);
  for (const path of [`/news/${id}`, "/news", `/user/news/${id}`, "/user/news", "/"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  await page.goto(`/news/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText('<script>alert("title")</script>');
  await expect(page.locator('.rich-text a[href^="javascript"], .rich-text a[href^="data"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
