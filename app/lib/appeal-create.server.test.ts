import { describe, expect, it, vi } from "vitest";
import "../../common/catalogs.ts";
import { type ApiClient, ApiError } from "../../common/api-client.ts";
import type { Locale } from "../../common/locale.ts";
import { createAppealAction } from "./appeal-create.server.ts";

const FILE = "6f1c2b7e-3d7a-4f6e-9b1a-0c2d3e4f5a6b";
const TEXT = "Прошу навести порядок в секторе Б:\r\nмусор не вывозят вторую неделю.";

const posted = (path: string, entries: [string, string][]) => {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return new Request(`http://localhost${path}`, { method: "POST", body: form });
};

/** What the action answered: a redirect, or `data(…)` with its status and body. */
type TAnswer = {
  status: number;
  location?: string;
  body?: { form: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };
};
function unwrap(r: unknown): TAnswer {
  if (r instanceof Response) return { status: r.status, location: r.headers.get("Location") ?? undefined };
  const d = r as { data: TAnswer["body"]; init: { status: number } };
  return { status: d.init.status, body: d.data };
}

const run = (path: string, entries: [string, string][], post: ReturnType<typeof vi.fn>, locale: Locale = "ru") =>
  createAppealAction(posted(path, entries), { api: { post } as unknown as ApiClient, locale }).then(unwrap);

describe("the appeal form's action", () => {
  it("sends the parsed appeal, then shows its confirmation on the same area's page, in the page's language", async () => {
    const post = vi.fn(async () => ({ id: 7, number: "1-2026-000007" }));
    const entries: [string, string][] = [
      ["type", "complaint"],
      ["akimatId", "1"],
      ["cemeteryId", ""],
      ["subject", ""],
      ["text", TEXT],
      ["attachmentIds", FILE],
      ["language", "kk"],
    ];
    const supplier = await run("/kk/supplier/goverment/create", entries, post, "kk");
    expect(post).toHaveBeenCalledWith("/appeals", {
      body: {
        type: "complaint",
        akimatId: 1,
        text: "Прошу навести порядок в секторе Б:\nмусор не вывозят вторую неделю.",
        attachmentIds: [FILE],
        language: "kk",
      },
    });
    expect(supplier).toMatchObject({ status: 302, location: "/kk/supplier/goverment/create?created=7" });
    expect(await run("/client/goverment/create", entries, post)).toMatchObject({
      location: "/client/goverment/create?created=7",
    });
  });

  it("keeps everything typed when the schema refuses, without calling the API", async () => {
    const post = vi.fn();
    const r = await run(
      "/kk/client/goverment/create",
      [
        ["type", "statement"],
        ["akimatId", ""],
        ["text", TEXT],
        ["attachmentIds", FILE],
      ],
      post,
      "kk",
    );
    expect(post).not.toHaveBeenCalled();
    expect(r.status).toBe(422);
    expect(r.body?.form.error?.akimatId?.[0]).toMatch(/әкімдік/i);
    expect(r.body?.form.initialValue).toMatchObject({ text: TEXT, type: "statement", attachmentIds: FILE });
  });

  it("keeps the text when the API refuses, the message next to the field it names", async () => {
    const post = vi.fn(async () => {
      throw new ApiError(422, "validation_failed", "Проверьте поля", [
        { path: "attachmentIds", message: "Приложите свои файлы PDF, JPEG или PNG размером до 10 МБ." },
      ]);
    });
    const r = await run(
      "/client/goverment/create",
      [
        ["type", "request"],
        ["akimatId", "1"],
        ["text", TEXT],
        ["attachmentIds", FILE],
      ],
      post,
    );
    expect(r.status).toBe(422);
    expect(r.body?.form.error).toEqual({
      attachmentIds: ["Приложите свои файлы PDF, JPEG или PNG размером до 10 МБ."],
    });
    expect(r.body?.form.initialValue).toMatchObject({ text: TEXT, type: "request", akimatId: "1" });
  });
});
