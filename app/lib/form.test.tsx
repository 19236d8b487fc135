import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import "../../common/catalogs.ts";
import { ApiError } from "../../common/api-client.ts";
import { i18nFor, translate } from "../../common/i18n.ts";
import * as schemas from "../../common/schemas.ts";
import { FormError, PhoneField, TextField } from "../components/form.tsx";
import { fieldId, type TFormReply, useSchemaForm } from "./form.ts";
import { formPath, replyOfApiError } from "./form-reply.ts";
import { submitForm } from "./form.server.ts";
import { parseForm } from "./form-validate.ts";
import { I18nContext } from "./hooks.ts";

const posted = (entries: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(entries)) for (const one of [v].flat()) form.append(k, one);
  return form;
};

const invite = { phone: "+7 (701) 777-22-11", surname: "Сейітова", name: "Әлия", patronymic: "" };

describe("submitForm: the server half of a form", () => {
  it("refuses what the shared schema refuses, each message translated next to its field, nothing typed lost", async () => {
    const send = vi.fn();
    const sent = await submitForm(posted({ ...invite, surname: "", phone: "701" }), "ZInvite", "ru", send);
    expect(send).not.toHaveBeenCalled();
    expect(sent.ok).toBe(false);
    if (sent.ok) return;
    expect(sent.status).toBe(422);
    expect(sent.reply.error).toEqual({
      surname: ["Заполните это поле."],
      phone: [translate("ru", "validation.phone")],
    });
    expect(sent.reply.initialValue).toMatchObject({ name: "Әлия", phone: "701" });

    const kk = await submitForm(posted({ ...invite, surname: "" }), "ZInvite", "kk", send);
    expect(kk.ok || kk.reply.error?.surname).toEqual([translate("kk", "validation.required")]);
    expect(translate("kk", "validation.required")).not.toBe(translate("ru", "validation.required"));
  });

  it("sends the parsed value (the phone as stored) and answers with what the API answered", async () => {
    const send = vi.fn(async (value: unknown) => ({ id: 7, value }));
    const sent = await submitForm(posted({ ...invite, position: "  юрист " }), "ZInvite", "ru", send);
    expect(send).toHaveBeenCalledWith({ ...invite, phone: "+77017772211", position: "юрист" });
    expect(sent.ok && sent.value.id).toBe(7);
    expect(sent.ok && sent.reply({ resetForm: true })).toEqual({ initialValue: null });
  });

  it("puts the API's 4xx field messages next to the same fields, and a message about no field above the form", async () => {
    const taken = new ApiError(409, "phone_taken", "Номер уже занят", [{ path: "phone", message: "Номер уже занят" }]);
    const sent = await submitForm(posted(invite), "ZInvite", "ru", () => Promise.reject(taken));
    expect(sent.ok).toBe(false);
    if (sent.ok) return;
    expect(sent.status).toBe(409);
    expect(sent.reply.error).toEqual({ phone: ["Номер уже занят"] });
    expect(sent.reply.initialValue).toMatchObject({ phone: invite.phone });

    // A path the form has no field for (and a refusal that names none) is the form's own message.
    const odd = new ApiError(422, "validation_failed", "Проверьте поля", [{ path: "akimatId", message: "Нет такого" }]);
    const both = await submitForm(posted(invite), "ZInvite", "ru", () => Promise.reject(odd));
    expect(!both.ok && both.reply.error).toEqual({ "": ["Нет такого"] });
    const general = new ApiError(403, "forbidden", "Недостаточно прав");
    const refused = await submitForm(posted(invite), "ZInvite", "ru", () => Promise.reject(general));
    expect(!refused.ok && refused.reply.error).toEqual({ "": ["Недостаточно прав"] });
  });

  it("rethrows server failures to the error page", async () => {
    const down = new ApiError(503, "internal", "Сервис недоступен");
    await expect(submitForm(posted(invite), "ZInvite", "ru", () => Promise.reject(down))).rejects.toBe(down);
    await expect(submitForm(posted(invite), "ZInvite", "ru", () => Promise.reject(new Error("x")))).rejects.toThrow();
  });

  it("reads nested and repeated names as the schema's objects and lists", async () => {
    const form = posted({
      nameRu: "Акимат",
      nameKk: "Әкімдік",
      city: "Қонаев",
      "admin.phone": "87011112233",
      "admin.surname": "Оспанова",
      "admin.name": "Динара",
    });
    const send = vi.fn(async () => null);
    await submitForm(form, "ZCreateAkimat", "ru", send);
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ admin: expect.objectContaining({ phone: "+77011112233" }) }),
    );
    const bad = await submitForm(
      posted({ phone: "7017772211", surname: "А", name: "Б", cemeteryIds: ["3", "x"] }),
      "ZManagerInvite",
      "ru",
      send,
    );
    expect(!bad.ok && bad.reply.error).toEqual({ "cemeteryIds[1]": [translate("ru", "validation.invalid")] });
  });
});

describe("the forms' schemas", () => {
  /** Valid posts of each form, as the browser sends them. */
  const valid: [keyof typeof schemas & Parameters<typeof parseForm>[0], Record<string, string | string[]>][] = [
    [
      "ZSearchRequestInput",
      {
        applicantName: "Айгүл",
        applicantPhone: "7015550011",
        surname: "Бейсенбаев",
        deathYear: "1987",
        cemeteryId: "",
      },
    ],
    [
      "ZAddRequestInput",
      {
        applicantName: "Жанар",
        applicantPhone: "7015550199",
        surname: "Тлеубердиев",
        location: "12-сектор",
        deathDate: "2003-09-14",
      },
    ],
    [
      "ZCemeteryForm",
      {
        akimatId: "1",
        nameRu: "Новое",
        nameKk: "Жаңа",
        city: "Алматы",
        religion: "all",
        phones: "+7 727 255 10 10; 87011234567",
        status: "open",
        capacity: "",
        "burialSlots.days": ["1", "2"],
        "burialSlots.from": "10:00",
        "burialSlots.to": "16:00",
        boundary: "[[76.9,43.2],[76.91,43.2],[76.91,43.21]]",
      },
    ],
    ["ZGeneratePlots", { sector: "А", rowFrom: "1", rowTo: "5", perRow: "8", width: "1,2", depth: "2.2" }],
    ["ZBurialInput", { surname: "Иванов", birthDate: "1950-01-01", deathDate: "2020-01-01", isReburial: "on" }],
    ["ZNewsInput", { category: "announcements", titleRu: "Заголовок", contentRu: "<p>Текст</p>" }],
    ["ZManagerInvite", { phone: "7017772211", surname: "А", name: "Б", cemeteryIds: "3" }],
    [
      "ZRegisterSupplier",
      {
        registrationToken: "x".repeat(20),
        bin: "210440007778",
        companyName: "ТОО",
        headName: "Омаров С.",
        city: "Алматы",
        consent: "on",
      },
    ],
  ];

  it.each(valid)("%s: the value a form sends parses again as the API reads it", (name, entries) => {
    const s = parseForm(name, posted(entries));
    expect(s.status === "success" ? [] : s.error).toEqual([]);
    if (s.status !== "success") return;
    const api =
      // biome-ignore lint/performance/noDynamicNamespaceImportAccess: a test of every form's schema
      (schemas[name] as unknown as { safeParse: (v: unknown) => { success: boolean; data?: unknown } }).safeParse(
        s.value,
      );
    expect(api.success).toBe(true);
    expect(api.data).toEqual(s.value);
  });

  it("answer form: reads the status as `answerStatus` and wants an answer to close the request", async () => {
    const send = vi.fn(async (_value: unknown) => null);
    await submitForm(
      posted({ answerStatus: "not_found", answer: "Нет в реестре", burialId: "" }),
      "ZRequestAnswerForm",
      "ru",
      (v) => send(v),
    );
    expect(send).toHaveBeenCalledWith({ answerStatus: "not_found", answer: "Нет в реестре", burialId: undefined });
    const refused = parseForm("ZRequestAnswerForm", posted({ answerStatus: "found", answer: "" }));
    expect(refused.status !== "success" && refused.error).toEqual({ answer: [{ key: "validation.answer" }] });
  });
});

describe("replies and ids", () => {
  it("turns the API's dotted paths into the form's names, ids that selectors can name", () => {
    expect(formPath("cemeteryIds.0")).toBe("cemeteryIds[0]");
    expect(formPath("admin.phone")).toBe("admin.phone");
    expect(fieldId("f", "admin.phone")).toBe("f-adminPhone");
    expect(fieldId("c", "boundary[2]")).toBe("c-boundary-2");
    expect(fieldId("", "phone")).toBe("phone");
    const reply = replyOfApiError(
      new ApiError(422, "validation_failed", "x", [{ path: "cemeteryIds.0", message: "Нет" }]),
    );
    expect(reply.error).toEqual({ "cemeteryIds[0]": ["Нет"] });
  });
});

/** A small form drawn on the server with the action's answer. */
function InviteForm({ lastResult }: { lastResult?: TFormReply }) {
  const { form, fields } = useSchemaForm("ZInvite", { id: "inv", lastResult, defaultValue: { surname: "Иванова" } });
  return (
    <form {...form.props}>
      <FormError form={form} />
      <PhoneField field={fields.phone} label="Телефон" required />
      <TextField field={fields.surname} label="Фамилия" />
    </form>
  );
}

const render = (lastResult?: TFormReply, locale: "ru" | "kk" = "ru") =>
  renderToString(
    <I18nContext.Provider value={i18nFor(locale)}>
      <InviteForm lastResult={lastResult} />
    </I18nContext.Provider>,
  );

describe("useSchemaForm and the field components", () => {
  it("draw the action's messages next to their fields, tied by aria-describedby, with what was typed", () => {
    const html = render({
      status: "error",
      initialValue: { phone: "+7 (701) 777-22-11", surname: "" },
      error: { phone: ["Номер уже занят"], "": ["Попробуйте позже"] },
    });
    expect(html).toContain('id="inv-phone-error"');
    expect(html).toMatch(/<p class="field__error" id="inv-phone-error" role="alert">Номер уже занят<\/p>/);
    expect(html).toMatch(/id="inv-phone"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="inv-phone"[^>]*aria-describedby="inv-phone-hint inv-phone-error"/);
    expect(html).toMatch(/id="inv-phone"[^>]*value="\+7 \(701\) 777-22-11"/);
    expect(html).toContain("Попробуйте позже");
    // The surname was sent empty: what was typed wins over the form's default.
    expect(html).not.toContain("Иванова");
    expect(html).not.toContain("inv-surname-error");
  });

  it("start from the form's values, with no message and the phone's mask", () => {
    const html = render(undefined, "kk");
    expect(html).toMatch(/id="inv-surname"[^>]*value="Иванова"/);
    expect(html).not.toContain("field__error");
    expect(html).toMatch(/type="tel"[^>]*inputMode="tel"|inputMode="tel"[^>]*type="tel"/i);
    expect(html).toContain('placeholder="+7 (___) ___-__-__"');
    expect(html).toContain(translate("kk", "login.phone_hint"));
  });
});
