import { expect, test } from "./fixtures.ts";
import { DEMO, login, watchForErrors } from "./helpers.ts";

/**
 * A form's mistakes are explained next to the field that has them, the same way whoever finds
 * them: the browser (the form's shared schema, before anything is sent), the server (a phone
 * already taken, known only to the API), and a page whose script has not started (a plain POST).
 */
test("the akimat's admin sees a field's mistake next to it, from the browser and from the server", async ({ page }) => {
  const errors = watchForErrors(page);
  await login(page, DEMO.akimat.phone);
  await expect(page).toHaveURL(/\/user\/users$/);
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  const form = page.getByTestId("invite-form");
  const phone = form.locator("#inv-phone");
  const phoneError = page.locator("#inv-phone-error");

  // The browser: an incomplete phone is explained when the field is left, nothing is sent.
  await phone.fill("701 12");
  await form.locator("#inv-surname").focus();
  await expect(phoneError).toHaveText("Укажите номер телефона полностью: +7 (XXX) XXX-XX-XX.");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAttribute("aria-describedby", /\binv-phone-error\b/);
  // Sending refuses at once, with the other mistakes too, and the first wrong field takes the focus.
  await page.getByTestId("invite-submit").click();
  await expect(page.locator("#inv-surname-error")).toHaveText("Заполните это поле.");
  await expect(phone).toBeFocused();
  expect(posts).toEqual([]);
  // Fixing the phone clears its message as it is typed.
  await phone.fill("7015550101");
  await expect(phoneError).toHaveCount(0);

  // The server: the phone of an existing account (the demo client's) is refused by the API, and
  // the message stands next to the same field, in the page's language; what was typed stays.
  await phone.fill(DEMO.client.phone);
  await form.locator("#inv-surname").fill("Ахметова");
  await form.locator("#inv-name").fill("Гүлнар");
  await page.getByTestId("invite-submit").click();
  await expect(phoneError).toHaveText("Этот номер телефона уже зарегистрирован.");
  expect(posts.length).toBe(1);
  await expect(phone).toHaveValue("+7 (701) 000-00-05");
  await expect(form.locator("#inv-name")).toHaveValue("Гүлнар");
  await expect(page.getByTestId("employee-+77015550101")).toHaveCount(0);

  // Before the page's script runs (a plain POST), the action answers the same messages in place.
  const plain = await page.request.post("/kk/user/users", {
    headers: { origin: new URL(page.url()).origin },
    form: { intent: "invite", phone: "701", surname: "", name: "Гүлнар" },
  });
  expect(plain.status()).toBe(422);
  const html = await plain.text();
  expect(html).toMatch(/id="inv-phone-error"[^>]*>Телефон нөмірін толық көрсетіңіз/);
  expect(html).toMatch(/id="inv-surname-error"[^>]*>Бұл өрісті толтырыңыз/);
  expect(html).toMatch(/id="inv-name"[^>]*value="Гүлнар"/);
  expect(errors).toEqual([]);
});
