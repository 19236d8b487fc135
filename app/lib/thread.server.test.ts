import { describe, expect, it, vi } from "vitest";
import "../../common/catalogs.ts";
import { type ApiClient, ApiError } from "../../common/api-client.ts";
import { loadThread, threadAction } from "./thread.server.ts";

const REF = { entityType: "appeal", entityId: 12 };
const FILE_A = "0b6f5b7e-8c1a-4a52-9b0e-3f1f6f0e2a11";
const FILE_B = "5d2f9c44-1e3b-4f7a-8a6d-9c0b1e2f3a44";

const posted = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
};

describe("the thread's page helpers", () => {
  it("sends the comment form as the API takes it: line breaks as typed, the files' ids as a list", async () => {
    const post = vi.fn(async () => ({ id: 1 }));
    const api = { post } as unknown as ApiClient;
    const one = await threadAction(
      { api, locale: "ru" },
      posted([
        ["intent", "comment"],
        ["body", "Добрый день,\r\nприлагаю справку."],
        ["attachmentIds", FILE_A],
      ]),
      REF,
    );
    expect(post).toHaveBeenCalledWith("/threads/:entityType/:entityId", {
      params: REF,
      body: { body: "Добрый день,\nприлагаю справку.", visibility: "participants", attachmentIds: [FILE_A] },
    });
    // A success empties the form.
    expect(one).toEqual({ intent: "comment", ok: true, form: { initialValue: null } });

    await threadAction(
      { api, locale: "ru" },
      posted([
        ["body", "Заметка"],
        ["visibility", "internal"],
        ["attachmentIds", FILE_A],
        ["attachmentIds", FILE_B],
      ]),
      REF,
    );
    expect(post).toHaveBeenLastCalledWith("/threads/:entityType/:entityId", {
      params: REF,
      body: { body: "Заметка", visibility: "internal", attachmentIds: [FILE_A, FILE_B] },
    });
  });

  it("answers an empty text, and the API's refusal of the files, next to their fields, what was typed kept", async () => {
    const post = vi.fn(async () => {
      throw new ApiError(422, "validation_failed", "Проверьте поля", [
        { path: "attachmentIds", message: "Файлы не найдены: загрузите их заново." },
      ]);
    });
    const api = { post } as unknown as ApiClient;
    const empty = (await threadAction({ api, locale: "kk" }, posted([["body", "  "]]), REF)) as unknown as {
      data: { ok: boolean; form: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(post).not.toHaveBeenCalled();
    expect(empty.init.status).toBe(422);
    expect(empty.data.form.error).toEqual({ body: ["Бұл өрісті толтырыңыз."] });

    const foreign = (await threadAction(
      { api, locale: "ru" },
      posted([
        ["body", "Вот файл"],
        ["attachmentIds", FILE_A],
      ]),
      REF,
    )) as unknown as { data: { ok: boolean; form: { error: Record<string, string[]>; initialValue: unknown } } };
    expect(foreign.data.ok).toBe(false);
    expect(foreign.data.form.error).toEqual({ attachmentIds: ["Файлы не найдены: загрузите их заново."] });
    expect(foreign.data.form.initialValue).toMatchObject({ body: "Вот файл" });
  });

  it("loads the newest comments, or those before the page's `threadBefore`", async () => {
    const get = vi.fn(async () => ({}));
    const api = { get } as unknown as ApiClient;
    await loadThread(api, REF, new URL("http://x/user/tickets/12"));
    expect(get).toHaveBeenLastCalledWith("/threads/:entityType/:entityId", { params: REF, query: undefined });
    await loadThread(api, REF, new URL("http://x/user/tickets/12?threadBefore=40"));
    expect(get).toHaveBeenLastCalledWith("/threads/:entityType/:entityId", { params: REF, query: { beforeId: 40 } });
    await loadThread(api, REF, new URL("http://x/user/tickets/12?threadBefore=1e3"));
    expect(get).toHaveBeenLastCalledWith("/threads/:entityType/:entityId", { params: REF, query: undefined });
  });
});
