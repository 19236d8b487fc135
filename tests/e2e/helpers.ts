import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "./fixtures.ts";

export const DEV_CODE = "111111";

export const DEMO = {
  admin: { phone: "7010000001", home: "/admin/akimat", name: "Айгерим" },
  akimat: { phone: "7010000002", home: "/user/users", name: "Ерлан" },
  manager: { phone: "7010000003", home: "/manager/cemetery", name: "Ольга" },
  supplier: { phone: "7010000004", home: "/supplier/notifications", name: "Нұрлан" },
  client: { phone: "7010000005", home: "/", name: "Мария" },
} as const;

/** Signs in through the login screen, as a person would: phone, code. */
export async function login(page: Page, phone: string, opts: { locale?: "ru" | "kk"; path?: string } = {}) {
  const prefix = opts.locale === "kk" ? "/kk" : "";
  if (opts.path !== undefined) {
    await page.goto(opts.path);
  } else {
    await page.goto(`${prefix}/login`);
  }
  await page.locator("#phone").fill(phone);
  await expect(page.locator("#phone")).toHaveValue(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
  await page.getByTestId("send-code").click();
  await expect(page.getByTestId("code-sent")).toBeVisible();
  await page.locator("#code").fill(DEV_CODE);
  await page.getByTestId("verify-code").click();
  // The login page moves on by itself (or shows an error, or the registration step); wait for
  // that, so the test's next navigation does not cut it off.
  const answered = page.getByTestId("login-error").or(page.getByTestId("registration"));
  await expect(async () => {
    const moved = !/\/login$/.test(new URL(page.url()).pathname);
    expect(moved || (await answered.isVisible())).toBe(true);
  }).toPass();
  // Signing in loads the next page in full (window.location): wait until that page is hydrated too.
  await waitForHydration(page);
}

export async function logout(page: Page) {
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("login-link")).toBeVisible();
}

/** Fails the test on any page error or dialog, so broken pages never pass quietly. */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 4\d\d|status of 500/.test(m.text())) errors.push(m.text());
  });
  return errors;
}

/** Two neighbouring free places of one row, as the list under the map shows them (their buttons' names). */
export async function twoAdjacentFree(page: Page): Promise<[string, string]> {
  await page.getByTestId("plot-list").locator("summary").click();
  const pair = await page.evaluate(() => {
    for (const row of document.querySelectorAll(".plot-list__row")) {
      const chips = [...row.querySelectorAll<HTMLButtonElement>(".plot-chip")];
      for (let i = 0; i + 1 < chips.length; i++) {
        const [a, b] = [chips[i] as HTMLButtonElement, chips[i + 1] as HTMLButtonElement];
        const free = a.classList.contains("plot-chip--free") && b.classList.contains("plot-chip--free");
        const number = (chip: HTMLButtonElement) => Number(chip.querySelector(".plot-chip__number")?.textContent);
        if (free && number(b) === number(a) + 1) return [a.ariaLabel, b.ariaLabel];
      }
    }
    return null;
  });
  expect(pair, "two free neighbours in one row").not.toBeNull();
  return pair as [string, string];
}
