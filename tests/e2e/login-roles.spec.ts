import { expect, test } from "./fixtures.ts";
import { DEMO, login, logout, watchForErrors } from "./helpers.ts";

/** Every demo role signs in, in both languages, and lands in its own area. */
for (const locale of ["ru", "kk"] as const) {
  for (const [role, demo] of Object.entries(DEMO)) {
    test(`${role} signs in (${locale}) and lands in the area`, async ({ page }) => {
      const errors = watchForErrors(page);
      await login(page, demo.phone, { locale });
      const prefix = locale === "kk" ? "/kk" : "";
      const expected = demo.home === "/" ? prefix || "/" : `${prefix}${demo.home}`;
      await expect(page).toHaveURL((url) => url.pathname === expected);
      await expect(page.locator("html")).toHaveAttribute("lang", locale === "kk" ? "kk-KK" : "ru-RU");
      await expect(page.getByTestId("user-name")).toContainText(demo.name);
      await expect(page.getByTestId("bell")).toBeVisible();
      if (role === "client") await expect(page.getByTestId("client-menu")).toBeVisible();
      const cookies = await page.context().cookies();
      const token = cookies.find((c) => c.name === "token");
      expect(token?.httpOnly).toBe(true);
      expect(token?.sameSite).toBe("Lax");
      expect(cookies.find((c) => c.name === "role")?.value).toBe(role);
      await logout(page);
      const after = await page.context().cookies();
      expect(after.find((c) => c.name === "token")).toBeUndefined();
      expect(errors).toEqual([]);
    });
  }
}
