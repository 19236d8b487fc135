import { test as base, expect, type Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page: the root layout renders `<html data-hydrated="false">`
 * and sets it to "true" once hydrated. Pages outside the app (the API reference) have no such
 * attribute and pass at once.
 * Interacting before that can land on server HTML that hydration is about to replace: a file
 * set on an input nobody listens to yet, a click on a button without its handler.
 */
export async function waitForHydration(page: Page, timeout = 30_000) {
  await page.locator('html:not([data-hydrated="false"])').waitFor({ state: "attached", timeout });
}

/**
 * Makes every full page load of `page` (`goto`, `reload`) return only once the page is
 * hydrated. The `test` below does it for its `page`; a page a test opens itself
 * (`browser.newPage()`, `context.newPage()`) goes through this too (a unit test checks).
 */
export function waitsForHydration(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    // A longer `timeout` of the load (a development server compiling on demand) is the hydration's too.
    await waitForHydration(page, options?.timeout);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await waitForHydration(page);
    return response;
  };
  return page;
}

/** The browser tests' `test`. Specs import it from here, never from `@playwright/test`. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitsForHydration(page));
  },
});

export { expect };
