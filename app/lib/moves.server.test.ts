import { describe, expect, it, vi } from "vitest";
import "../../common/catalogs.ts";
import { ApiError } from "../../common/api-client.ts";
import { BURIAL_REQUEST_MOVE_FORMS } from "../../common/booking-terms.ts";
import { APPEAL_MOVE_FORMS } from "../../common/appeals.ts";
import type { ApiClient } from "../../common/api-client.ts";
import { moveAction, threadOrMoveAction } from "./moves.server.ts";

const post = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return new Request("http://localhost/manager/booking/7", { method: "POST", body: form });
};

/** What the action answered: plain data, or `data(…)` with its status. */
const unwrap = (r: unknown) =>
  r && typeof r === "object" && "init" in r && "data" in r
    ? { status: (r as { init: { status: number } }).init.status, body: (r as { data: unknown }).data }
    : { status: 200, body: r };

const opts = (send: (move: string, body: Record<string, unknown>, id: number) => Promise<unknown>, id?: number) => ({
  id,
  forms: BURIAL_REQUEST_MOVE_FORMS,
  moves: ["pay_office", "confirm", "cancel"] as const,
  send,
});

describe("moveAction", () => {
  it("checks the move's input by its form's schema before the API is called", async () => {
    const send = vi.fn(async () => ({}));
    const r = unwrap(await moveAction(post([["move", "cancel"]]), "kk", opts(send, 7)));
    expect(send).not.toHaveBeenCalled();
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ move: "cancel", done: false, form: { error: { reason: [expect.any(String)] } } });
    expect((r.body as { form: { error: { reason: string[] } } }).form.error.reason[0]).toMatch(/[әғқңөұүі]/i);
  });

  it("sends the parsed input to the record's move, and empties the form after it", async () => {
    const send = vi.fn(async () => ({}));
    const r = unwrap(
      await moveAction(
        post([
          ["move", "cancel"],
          ["reason", "  Семья перенесла  "],
        ]),
        "ru",
        opts(send, 7),
      ),
    );
    expect(send).toHaveBeenCalledWith("cancel", { reason: "Семья перенесла" }, 7);
    expect(r).toEqual({ status: 200, body: { move: "cancel", id: null, done: true, form: { initialValue: null } } });
  });

  it("sends a move without a form with an empty body, and reads the record from the form on a list", async () => {
    const send = vi.fn(async () => ({}));
    const r = unwrap(
      await moveAction(
        post([
          ["move", "confirm"],
          ["id", "12"],
        ]),
        "ru",
        opts(send),
      ),
    );
    expect(send).toHaveBeenCalledWith("confirm", {}, 12);
    expect(r.body).toMatchObject({ move: "confirm", id: 12, done: true });
  });

  it("gives the API's refusal back as the move's form answer, with its status", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(409, "bad_status", "Это действие недоступно в текущем статусе.", []);
    });
    const r = unwrap(await moveAction(post([["move", "confirm"]]), "ru", opts(send, 7)));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      move: "confirm",
      done: false,
      form: { error: { "": ["Это действие недоступно в текущем статусе."] } },
    });
  });

  it("answers 404 for a move the screen does not draw, or a record id that cannot exist", async () => {
    const send = vi.fn(async () => ({}));
    for (const [entries, id] of [
      [[["move", "complete"]], 7],
      [[["move", "pay_online"]], 7],
      [[["move", ""]], 7],
      [
        [
          ["move", "confirm"],
          ["id", "0x1"],
        ],
        undefined,
      ],
      [[["move", "confirm"]], undefined],
    ] as [[string, string][], number | undefined][]) {
      const thrown = await moveAction(post(entries), "ru", opts(send, id)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(thrown).toMatchObject({ init: { status: 404 } });
    }
    expect(send).not.toHaveBeenCalled();
  });

  it("lets a server failure reach the error page", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(503, "unavailable", "", []);
    });
    await expect(moveAction(post([["move", "confirm"]]), "ru", opts(send, 7))).rejects.toMatchObject({ status: 503 });
  });
});

describe("threadOrMoveAction", () => {
  const page = (send: ReturnType<typeof vi.fn>) => ({
    entityType: "appeal",
    forms: APPEAL_MOVE_FORMS,
    moves: ["withdraw"] as const,
    send: send as unknown as (
      api: ApiClient,
      move: "withdraw",
      body: Record<string, unknown>,
      id: number,
    ) => Promise<unknown>,
  });

  it("posts a message of the thread to the record's thread, not a move", async () => {
    const apiPost = vi.fn(async () => ({}));
    const send = vi.fn(async () => ({}));
    const api = { post: apiPost } as unknown as ApiClient;
    const r = unwrap(
      await threadOrMoveAction(
        post([
          ["intent", "comment"],
          ["body", "Когда будет ответ?"],
        ]),
        { api, locale: "ru" },
        7,
        page(send),
      ),
    );
    expect(send).not.toHaveBeenCalled();
    expect(apiPost).toHaveBeenCalledWith("/threads/:entityType/:entityId", {
      params: { entityType: "appeal", entityId: 7 },
      body: expect.objectContaining({ body: "Когда будет ответ?" }),
    });
    expect(r.body).toMatchObject({ intent: "comment", ok: true });
  });

  it("makes any other post one of the page's moves, on the page's record", async () => {
    const send = vi.fn(async () => ({}));
    const api = { post: vi.fn() } as unknown as ApiClient;
    const r = unwrap(await threadOrMoveAction(post([["move", "withdraw"]]), { api, locale: "ru" }, 7, page(send)));
    expect(send).toHaveBeenCalledWith(api, "withdraw", expect.any(Object), 7);
    expect(r.body).toMatchObject({ move: "withdraw", done: true });
  });
});
