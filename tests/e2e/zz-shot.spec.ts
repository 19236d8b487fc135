import { expect, test } from "./fixtures.ts";
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });
for (const p of ["/kk/reserve", "/reserve"]) {
  test(`shot ${p}`, async ({ page }) => {
    await page.goto(p);
    const map = page.getByTestId("cemeteries-map");
    await expect(map).toHaveAttribute("data-labels", /^[1-9]/);
    await map.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    await map.screenshot({ path: `/tmp/clerk/map${p.replace(/\//g, "_")}.png` });
    console.log(
      p,
      await map
        .locator(".cemetery-label")
        .evaluateAll((els) =>
          els.map((e) => [
            e.textContent,
            getComputedStyle(e).visibility,
            e.getBoundingClientRect().left,
            e.getBoundingClientRect().right,
            e.scrollWidth,
            e.clientWidth,
          ]),
        ),
    );
    const box = await map.boundingBox();
    console.log(JSON.stringify(box));
  });
}
