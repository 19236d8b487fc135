import { useEffect, useId, useState } from "react";
import { fullName } from "../../common/person.ts";
import { Link, useFetcher, useLocation, useSearchParams } from "react-router";
import { ApiError } from "../../common/api-client.ts";
import {
  REGISTRY_REQUEST_MOVES,
  type RegistryRequestMove,
  type TPublicBurial,
  type TRegistryRequest,
} from "../../common/api-types.ts";
import { formatDate } from "../../common/i18n.ts";
import { placeText } from "../../common/place-text.ts";
import { formatPhone, telHref } from "../../common/phone.ts";
import { browserApi } from "../lib/browser-api.ts";
import { useT } from "../lib/hooks.ts";
import { useSchemaForm } from "../lib/form.ts";
import type { answerRequest, TAnswerData } from "../lib/request-answer.server.ts";
import { Field, FormError, NamedOptions } from "./form.tsx";
import { Icon } from "./icon.tsx";
import { StatusBadge } from "./status-badge.tsx";

/**
 * A record search run by the page's loader: what a form posted before hydration asked for
 * (`?pick=<request id>&burialQuery=…`), so the picker works as a plain form too.
 */
export type TPickerResult = {
  requestId: number;
  q: string;
  cemeteryId: number;
  items: TPublicBurial[];
  /** How many records match in all (the search gives the best 20). */
  total: number;
  error?: string;
  /** What the staff member had typed into the answer form before searching. */
  status?: string;
  answer?: string;
};

/** "1950–2024", "† 2024", or nothing. */
function years(b: TPublicBurial): string {
  if (b.birthYear && b.deathYear) return `${b.birthYear}–${b.deathYear}`;
  if (b.deathYear) return `† ${b.deathYear}`;
  return b.birthYear ? `${b.birthYear}–` : "";
}

/**
 * Chooses the burial record an answer points to: a search of the cemetery's records by name (or
 * number) inside the answer form, its results as radio buttons named `burialId`, so choosing one
 * fills the answer. The search button also works before hydration: it sends the form by GET and
 * the page's loader searches (`TPickerResult`).
 */
function BurialPicker({
  request,
  cemeteries,
  initial,
}: {
  request: TRegistryRequest;
  cemeteries: { id: number; name: string }[];
  initial?: TPickerResult;
}) {
  const { t, locale } = useT();
  const uid = useId();
  const person = fullName(request);
  const [q, setQ] = useState(initial?.q ?? person);
  const [cemeteryId, setCemeteryId] = useState<number>(
    initial?.cemeteryId ?? request.cemeteryId ?? cemeteries[0]?.id ?? 0,
  );
  const [state, setState] = useState<
    | { phase: "idle" }
    | { phase: "busy" }
    | { phase: "done"; items: TPublicBurial[]; total: number }
    | { phase: "failed"; message: string }
  >(
    initial
      ? initial.error
        ? { phase: "failed", message: initial.error }
        : { phase: "done", items: initial.items, total: initial.total }
      : { phase: "idle" },
  );
  const [chosen, setChosen] = useState("");

  const search = async () => {
    if (!q.trim() || !cemeteryId) return;
    setState({ phase: "busy" });
    try {
      const page = await browserApi(locale).get("/manager/burials", {
        query: { cemeteryId: String(cemeteryId), q: q.trim() },
      });
      setState({ phase: "done", items: page.items, total: page.total });
      setChosen("");
    } catch (err) {
      // The API's refusals come translated; anything else (the network) gets the general message.
      setState({ phase: "failed", message: err instanceof ApiError ? err.message : t("manager.picker.failed") });
    }
  };

  const found = state.phase === "done" ? state.items : [];
  return (
    <fieldset className="record-picker" data-testid="burial-picker">
      <legend className="field__label">{t("manager.picker.title")}</legend>
      <div className="picker__search">
        {request.cemeteryId === null && cemeteries.length > 1 ? (
          <Field id={`${uid}-cem`} label={t("manager.picker.cemetery")}>
            <select
              id={`${uid}-cem`}
              name="burialCemeteryId"
              value={cemeteryId}
              onChange={(e) => setCemeteryId(Number(e.currentTarget.value))}
            >
              <NamedOptions items={cemeteries} />
            </select>
          </Field>
        ) : (
          <input type="hidden" name="burialCemeteryId" value={cemeteryId} />
        )}
        <Field id={`${uid}-q`} label={t("manager.picker.query")}>
          <input
            id={`${uid}-q`}
            name="burialQuery"
            type="search"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            aria-describedby={`${uid}-q-hint`}
            data-testid="picker-query"
          />
        </Field>
        {/* The form's first submit button: Enter in the search field searches, never sends the answer. */}
        <button
          type="submit"
          name="pick"
          value={request.id}
          formMethod="get"
          className="button button--ghost button--small picker__find"
          onClick={(e) => {
            e.preventDefault();
            void search();
          }}
          data-testid="picker-find"
        >
          <Icon name="search" size={16} /> {t("common.find")}
        </button>
      </div>
      <p className="field__hint picker__hint" id={`${uid}-q-hint`}>
        {t("manager.picker.hint")}
      </p>
      <div aria-live="polite" className="picker__status">
        {state.phase === "busy" ? <p className="muted">{t("manager.picker.searching")}</p> : null}
        {state.phase === "failed" ? (
          <p className="field__error" role="alert">
            {state.message}
          </p>
        ) : null}
        {state.phase === "done" ? (
          <p className="muted" data-testid="picker-count">
            {found.length ? t("manager.picker.results", { count: found.length }) : t("manager.picker.none_found")}
            {state.total > found.length
              ? ` ${t("manager.picker.more", { shown: found.length, total: state.total })}`
              : ""}
          </p>
        ) : null}
      </div>
      {state.phase === "done" && found.length ? (
        <fieldset className="picker__results">
          <legend className="visually-hidden">{t("manager.picker.choose")}</legend>
          <label className="picker__option">
            <input type="radio" name="burialId" value="" checked={chosen === ""} onChange={() => setChosen("")} />
            <span>{t("manager.picker.no_record")}</span>
          </label>
          {found.map((b) => (
            <label key={b.id} className="picker__option" data-testid="picker-option">
              <input
                type="radio"
                name="burialId"
                value={b.id}
                checked={chosen === String(b.id)}
                onChange={() => setChosen(String(b.id))}
              />
              <span>
                <strong>{fullName(b)}</strong>
                {years(b) ? ` · ${years(b)}` : ""}
                <br />
                <span className="muted">
                  {placeText(t, { ...b, number: b.place })} · №{b.id}
                  {request.cemeteryId === null ? ` · ${b.cemetery.name}` : ""}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        // Nothing chosen yet: the answer goes without a record.
        <input type="hidden" name="burialId" value="" />
      )}
    </fieldset>
  );
}

/** Fields of the answer form; the page's own URL parameters must not collide with them. */
export const ANSWER_FIELDS = [
  "intent",
  "id",
  "pick",
  "burialQuery",
  "burialCemeteryId",
  "burialId",
  "answerStatus",
  "answer",
];

/**
 * The page's filters and page number, carried by a search sent by GET before hydration (a GET
 * form replaces the whole query string). The action ignores them.
 */
function KeepParams() {
  const [params] = useSearchParams();
  return (
    <>
      {[...params]
        .filter(([k]) => !ANSWER_FIELDS.includes(k))
        .map(([k, v]) => (
          <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
        ))}
    </>
  );
}

/**
 * One visitor's request as the staff handle it: who asks, for whom, the photos, and, while it is
 * open, the answer form with its record picker. Status is a badge: colour and word.
 */
export function RequestCard({
  r,
  cemeteries,
  picked,
  showCemetery,
  onSent,
  pageAnswer,
}: {
  r: TRegistryRequest;
  /** The page's action data after an answer form posted before hydration (`TAnswerData`). */
  pageAnswer?: TAnswerData;
  /** Called with the person's name once the answer is stored. */
  onSent?: (person: string) => void;
  /** The caller's cemeteries, for a request that named none. */
  cemeteries: { id: number; name: string }[];
  picked?: TPickerResult;
  showCemetery?: boolean;
}) {
  const { t, to, locale } = useT();
  const fetcher = useFetcher<typeof answerRequest>();
  // Before hydration the form posts as a page: its answer is the page's action data.
  const answer = fetcher.data ?? (pageAnswer?.requestId === r.id ? pageAnswer : undefined);
  const mine = picked?.requestId === r.id ? picked : undefined;
  const { form, fields } = useSchemaForm("ZRequestAnswerForm", {
    id: `a${r.id}`,
    lastResult: answer?.form,
    defaultValue: { answerStatus: mine?.status ?? "found", answer: mine?.answer ?? "" },
  });
  // The answers the caller may give now (the request's `moves`), as the statuses the form sends.
  const answers = (Object.keys(REGISTRY_REQUEST_MOVES) as RegistryRequestMove[])
    .filter((m) => r.moves.includes(m))
    .map((m) => REGISTRY_REQUEST_MOVES[m]);
  const open = answers.length > 0;
  const person = fullName(r);
  // Told as soon as the answer is stored: the list's reload then takes the closed card away.
  const done = Boolean(fetcher.data?.ok);
  useEffect(() => {
    if (done) onSent?.(person);
  }, [done, onSent, person]);
  return (
    <li className="card request" data-testid="request" data-request-id={r.id}>
      <div className="card__head">
        <h3 className="card__title">
          {t(`manager.request_kind.${r.kind}`)}: {person}
        </h3>
        <StatusBadge kind="request" status={r.status} />
      </div>
      <p className="muted">
        {formatDate(locale, r.createdAt, true)}
        {showCemetery ? ` · ${r.cemeteryName ?? t("manager.inbox.no_cemetery")}` : ""} · {r.applicantName},{" "}
        <a href={telHref(r.applicantPhone)} className="phone">
          {formatPhone(r.applicantPhone)}
        </a>
      </p>
      <p>
        {[
          r.birthYear || r.birthDate ? `${t("burial.birth_date")}: ${r.birthDate ?? r.birthYear}` : "",
          r.deathYear || r.deathDate ? `${t("burial.death_date")}: ${r.deathDate ?? r.deathYear}` : "",
          r.location ? `${t("manager.location")}: ${r.location}` : "",
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {r.details ? <p className="request__details">{r.details}</p> : null}
      {r.photos.length ? (
        <ul className="request__photos" aria-label={t("add.photos")}>
          {r.photos.map((p) => (
            <li key={p.id}>
              <a href={p.url} target="_blank" rel="noreferrer">
                <img src={p.url} alt={p.name} width={120} height={90} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {r.answer ? (
        <p>
          <strong>{t("manager.answer")}:</strong> {r.answer}
          {r.burialId ? (
            <>
              {" "}
              · <Link to={to(`/search?grave=${r.burialId}`)}>№{r.burialId}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      {open && !done ? (
        <fetcher.Form method="post" className="form" data-testid="answer-form" {...form.props}>
          <input type="hidden" name="intent" value="answer" />
          <input type="hidden" name="id" value={r.id} />
          <KeepParams />
          <BurialPicker request={r} cemeteries={cemeteries} initial={mine} />
          {fields.burialId.errors ? (
            <p className="field__error" role="alert">
              {fields.burialId.errors[0]}
            </p>
          ) : null}
          <div className="form__row">
            <Field field={fields.answerStatus} label={t("manager.answer_status")}>
              {(p) => (
                <select {...p}>
                  {answers.map((s) => (
                    <option key={s} value={s}>
                      {t(`request_status.${s}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field field={fields.answer} label={t("manager.answer")}>
            {(p) => <textarea {...p} rows={2} />}
          </Field>
          <FormError form={form} />
          <button type="submit" className="button" disabled={fetcher.state !== "idle"} data-testid="send-answer">
            {t("manager.send_answer")}
          </button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

/**
 * "Answer sent", above a list of request cards: the answered card leaves the open list at once,
 * so the confirmation cannot live in it. Also after a form posted before hydration.
 */
export function useAnswerSent(page: TAnswerData | undefined) {
  const { t } = useT();
  const [person, setPerson] = useState<string | null>(null);
  // Another page of the list, or other filters: the note was about the list before.
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location's key is the trigger
  useEffect(() => setPerson(null), [key]);
  const note =
    person !== null || page?.ok ? (
      <p className="alert alert--success" role="status" data-testid="answer-sent">
        <Icon name="check" /> {person ? t("manager.answer_sent_for", { name: person }) : t("manager.answer_sent")}
      </p>
    ) : null;
  return { note, onSent: setPerson };
}
