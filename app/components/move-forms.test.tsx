import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import "../../common/catalogs.ts";
import { BURIAL_REQUEST_MOVE_FORMS, type BurialRequestMove } from "../../common/booking-terms.ts";
import { i18nFor } from "../../common/i18n.ts";
import { I18nContext } from "../lib/hooks.ts";
import { Field } from "./form.tsx";
import { MoveForms, type TMoveReply } from "./move-forms.tsx";

function render(moves: BurialRequestMove[], answer?: TMoveReply<BurialRequestMove>, id?: number) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <MoveForms
          moves={moves}
          forms={BURIAL_REQUEST_MOVE_FORMS}
          answer={answer}
          id={id}
          prefix="br"
          empty="Нет действий"
          views={{
            confirm: { label: "Подтвердить", hint: "Семья получит подтверждение", done: "Подтверждено" },
            cancel: {
              label: "Отменить заявку",
              danger: true,
              confirm: { summary: "Отменить…" },
              fields: (f) => (
                <Field field={f.reason} label="Причина" required>
                  {(p) => <textarea {...p} />}
                </Field>
              ),
            },
          }}
        />
      ),
    },
  ]);
  return renderToString(
    <I18nContext.Provider value={i18nFor("ru")}>
      <Stub />
    </I18nContext.Provider>,
  );
}

describe("MoveForms", () => {
  it("draws the moves the API allows that the screen has views for, in the views' order", () => {
    const html = render(["cancel", "pay_office", "confirm"]);
    expect(html.indexOf("move-form-confirm")).toBeGreaterThan(-1);
    expect(html.indexOf("move-form-confirm")).toBeLessThan(html.indexOf("move-form-cancel"));
    expect(html).not.toContain("move-form-pay_office");
    expect(html).toContain('name="move" value="cancel"');
    expect(html).toContain('id="br-cancel-reason"');
    expect(html).toContain('aria-describedby="br-confirm-hint"');
    expect(html).not.toContain("Нет действий");
  });

  it("says so when no drawn move is allowed", () => {
    const html = render(["pay_online"]);
    expect(html).toContain("Нет действий");
    expect(html).not.toContain("<form");
  });

  it("shows a refusal next to its field and opens the folded form", () => {
    const html = render(["cancel"], {
      move: "cancel",
      id: null,
      done: false,
      form: { status: "error", initialValue: { reason: "" }, error: { reason: ["Заполните это поле."] } },
    });
    expect(html).toMatch(/<details[^>]*open/);
    expect(html).toContain('id="br-cancel-reason-error"');
    expect(html).toContain("Заполните это поле.");
  });

  it("shows the refusal of a move no longer offered above the forms, and what was done", () => {
    const refused = render(["cancel"], {
      move: "confirm",
      id: null,
      done: false,
      form: { status: "error", error: { "": ["Это действие недоступно в текущем статусе."] } },
    });
    expect(refused).toContain('data-testid="move-error"');
    expect(refused).toContain("Это действие недоступно в текущем статусе.");
    const done = render(["cancel"], { move: "confirm", id: null, done: true, form: { initialValue: null } });
    expect(done).toContain('data-testid="move-done"');
    expect(done).toContain("Подтверждено");
  });

  it("on a list, posts the record's id and shows only its own answer", () => {
    const answer: TMoveReply<BurialRequestMove> = { move: "confirm", id: 5, done: true, form: { initialValue: null } };
    expect(render(["confirm"], answer, 5)).toContain("Подтверждено");
    const other = render(["confirm"], answer, 6);
    expect(other).not.toContain("Подтверждено");
    expect(other).toContain('name="id" value="6"');
  });
});
