import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { fullName } from "../../../common/person.ts";
import { Form, Link, useLocation, useNavigation, useSearchParams, useSubmit } from "react-router";
import type { TCemeteryDetail, TCemeterySummary, TPublicBurial } from "../../../common/api-types.ts";
import { formatDate, translate } from "../../../common/i18n.ts";
import { formatCoordinates, routeLinks } from "../../../common/map-links.ts";
import { Field, FormError, NamedOptions, PhoneField, PrivacyNote, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { LazyPlotMap as PlotMap } from "../../components/map/lazy.tsx";
import { useSchemaForm } from "../../lib/form.ts";
import { submitForm } from "../../lib/form.server.ts";
import { Pager } from "../../components/pager.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/search";
import { pageNumber, parseId } from "../../../common/schemas.ts";
import { graveShortPath } from "../../../common/short-code.ts";

/**
 * The title and description come with the page's data, translated on the server: their text in both
 * languages is no longer part of every visit's JavaScript (the search page is the heaviest public page).
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData
    ? [{ title: loaderData.meta.title }, { name: "description", content: loaderData.meta.description }]
    : [];
}

const year = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1800 && n <= 2100 ? n : undefined;
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api, locale, publicUrl } = context.get(requestContext);
  const p = new URL(request.url).searchParams;
  const query = {
    q: p.get("q")?.trim().slice(0, 120) || undefined,
    birthYear: year(p.get("birthYear")),
    deathYear: year(p.get("deathYear")),
    // An id that cannot exist is no filter at all (the API would refuse it).
    cemeteryId: parseId(p.get("cemeteryId")) ?? undefined,
    page: pageNumber(p.get("page"), 500),
  };
  const hasQuery = Boolean(query.q || query.birthYear || query.deathYear);
  const graveId = parseId(p.get("grave")) ?? 0;
  const [cemeteries, results, grave] = await Promise.all([
    api.get("/cemeteries"),
    hasQuery ? api.get("/burials/search", { query }) : Promise.resolve(null),
    graveId ? api.get("/burials/:id", { params: { id: graveId } }).catch(() => null) : Promise.resolve(null),
  ]);
  // The grave's cemetery, for its boundary on the grave card's map; the public memorial pages of the
  // graves shown (the memorials' API names public, indexable ones only: no other leaks through here).
  const burialIds = [...(results?.items.map((b) => b.id) ?? []), ...(grave ? [grave.id] : [])];
  const [graveCemetery, memorialLinks] = await Promise.all([
    grave ? api.get("/cemeteries/:id", { params: { id: grave.cemetery.id } }) : null,
    burialIds.length
      ? api.get("/memorials/links", { query: { burialIds: burialIds.join(",") } }).catch(() => ({ items: [] }))
      : { items: [] },
  ]);
  const memorialOf: Record<number, number> = {};
  for (const l of memorialLinks.items) memorialOf[l.burialId] = l.id;
  const meta = { title: translate(locale, "search.title"), description: translate(locale, "search.meta_description") };
  // The grave's permanent short address, as its QR code holds it (the configured public origin).
  const shortUrl = grave ? `${publicUrl}${graveShortPath(grave.id)}` : null;
  return { cemeteries: cemeteries.items, results, grave, graveCemetery, shortUrl, meta, memorialOf };
}

/** A visitor asks the staff to find a burial the search did not show. */
export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const sent = await submitForm(request, "ZSearchRequestInput", rc.locale, (body) =>
    rc.api.post("/registry-requests/search", { body }),
  );
  return sent.ok ? { sent: true as const } : sent.response;
}

/**
 * The form of a search request, filled in from what was searched; nothing typed is lost on an error.
 * Its fields are read once, when it mounts: the page gives it a `key` of the search it carries, so each
 * new search opens a fresh form (never the names of an earlier one).
 */
function SearchRequestForm({
  cemeteries,
  isOpen,
  answer,
}: {
  cemeteries: TCemeterySummary[];
  isOpen: boolean;
  answer: Route.ComponentProps["actionData"];
}) {
  const { t } = useT();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const [surname = "", name = "", patronymic = ""] = (params.get("q") ?? "").trim().split(/\s+/);
  const refused = answer && "form" in answer ? answer.form : undefined;
  const { form, fields } = useSchemaForm("ZSearchRequestInput", {
    id: "sr",
    lastResult: refused,
    defaultValue: {
      surname,
      name,
      patronymic,
      birthYear: params.get("birthYear") ?? "",
      deathYear: params.get("deathYear") ?? "",
      cemeteryId: params.get("cemeteryId") ?? "",
    },
  });
  if (answer && "sent" in answer) {
    return (
      <p className="alert alert--success" role="status" data-testid="request-sent">
        <Icon name="check" /> {t("search.request.sent")}
      </p>
    );
  }
  return (
    <details className="card search-request" open={isOpen || Boolean(refused)} data-testid="search-request">
      <summary>{t("search.request.title")}</summary>
      <p className="muted">{t("search.request.lead")}</p>
      <FormError form={form} />
      <Form method="post" className="stack" {...form.props}>
        <fieldset>
          <legend>{t("search.request.deceased")}</legend>
          <TextField field={fields.surname} label={t("register.surname")} required />
          <TextField field={fields.name} label={t("register.name")} />
          <TextField field={fields.patronymic} label={t("register.patronymic")} />
          <TextField field={fields.birthYear} label={t("search.birth_year")} inputMode="numeric" />
          <TextField field={fields.deathYear} label={t("search.death_year")} inputMode="numeric" />
          <Field field={fields.cemeteryId} label={t("search.cemetery")}>
            {(p) => (
              <select {...p}>
                <option value="">{t("search.request.unknown_cemetery")}</option>
                <NamedOptions items={cemeteries} />
              </select>
            )}
          </Field>
          <Field field={fields.details} label={t("search.request.details")} hint={t("search.request.details_hint")}>
            {(p) => <textarea {...p} rows={3} maxLength={2000} />}
          </Field>
        </fieldset>
        <fieldset>
          <legend>{t("search.request.contacts")}</legend>
          <TextField field={fields.applicantName} label={t("search.request.your_name")} required />
          <PhoneField field={fields.applicantPhone} label={t("common.phone")} required />
          <PrivacyNote />
        </fieldset>
        <button type="submit" className="button" disabled={busy} data-testid="send-request">
          {t("search.request.send")}
        </button>
      </Form>
    </details>
  );
}

/** What the search already knows (the name, the cemetery), carried to the add request form. */
const addParams = (params: URLSearchParams) =>
  new URLSearchParams(
    (["q", "cemeteryId"] as const).flatMap((k) => (params.get(k) ? [[k, params.get(k) as string]] : [])),
  );

/** The fields of a search, in the URL: what the page's forms are filled from. */
const SEARCH_FIELDS = ["q", "birthYear", "deathYear", "cemeteryId"] as const;

/** One search as a key: a form drawn from a search is a new form for another search. */
const searchKey = (params: URLSearchParams) => SEARCH_FIELDS.map((k) => params.get(k)?.trim()).join("\n");

/**
 * Keeps the search form's fields on the URL's search when the URL changes without them (the back and
 * forward buttons, a link): they are uncontrolled (typing must not re-render the page), so they would
 * otherwise show the search before. The field being typed in is left alone.
 */
function useFieldsFollowUrl(form: RefObject<HTMLFormElement | null>, params: URLSearchParams) {
  useEffect(() => {
    for (const name of SEARCH_FIELDS) {
      const field = form.current?.elements.namedItem(name) as HTMLInputElement | null;
      if (field && field !== document.activeElement) field.value = params.get(name) ?? "";
    }
  }, [form, params]);
}

const years = (b: TPublicBurial) => `${b.birthYear ?? "?"} – ${b.deathYear ?? "?"}`;

/**
 * A grave whose remains were moved (a reburial): since when, and the new place — its own card, when
 * the remains went to a cemetery of the platform — or the place outside as the akimat recorded it.
 */
function Reburied({ reburied }: { reburied: NonNullable<TPublicBurial["reburied"]> }) {
  const { t, locale } = useT();
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  if (reburied.burialId) next.set("grave", String(reburied.burialId));
  return (
    <div className="note" role="status" data-testid="grave-reburied">
      <p>
        <strong>{t("search.reburied", { date: formatDate(locale, reburied.at) })}</strong>
      </p>
      {reburied.burialId ? (
        <p>
          <Link to={`?${next}#grave-title`} preventScrollReset data-testid="grave-new-place">
            <Icon name="map-pin" /> {t("search.reburied_new_place")}
          </Link>
        </p>
      ) : reburied.to ? (
        <p>{t("search.reburied_to", { to: reburied.to })}</p>
      ) : null}
    </div>
  );
}

const QrPlaqueBody = lazy(() => import("../../components/qr-plaque-body.tsx"));

/**
 * The grave's QR code and plaque (decision 027), folded: its body loads when first opened, so the
 * card's visitors who never open it load none of it.
 */
function GraveQr({ id, shortUrl }: { id: number; shortUrl: string }) {
  const { t } = useT();
  const [shown, setShown] = useState(false);
  return (
    <details
      className="grave-qr"
      data-testid="grave-qr"
      onToggle={(e) => {
        if (e.currentTarget.open) setShown(true);
      }}
    >
      <summary>{t("grave_qr.title")}</summary>
      <p className="muted">{t("grave_qr.lead")}</p>
      {shown ? (
        <Suspense fallback={<p className="muted">{t("grave_qr.loading")}</p>}>
          <QrPlaqueBody files={`/api/v1/burials/${id}`} shortUrl={shortUrl} name="grave" />
        </Suspense>
      ) : null}
    </details>
  );
}

/**
 * The grave card: where the grave is, how to get there, the coordinates to share; a grave whose
 * remains were moved says so first and leads to the new place (no way there to an empty grave).
 */
function GraveCard({
  grave,
  cemetery,
  shortUrl,
  memorialId,
}: {
  grave: TPublicBurial;
  cemetery: TCemeteryDetail | null;
  shortUrl: string | null;
  /** Its public memorial page, when it has one. */
  memorialId?: number;
}) {
  const { t, locale, to } = useT();
  const [copied, setCopied] = useState(false);
  const links = routeLinks(grave.point);
  const coords = formatCoordinates(grave.point);
  return (
    <section className="card grave-card" aria-labelledby="grave-title" data-testid="grave-card">
      <h2 id="grave-title" className="card__title">
        {fullName(grave)}
      </h2>
      <p className="grave-card__years">{years(grave)}</p>
      {grave.reburied ? <Reburied reburied={grave.reburied} /> : null}
      <dl className="facts">
        <dt>{t("search.cemetery")}</dt>
        <dd>
          {grave.cemetery.name}
          {grave.cemetery.address ? <span className="muted">, {grave.cemetery.address}</span> : null}
        </dd>
        <dt>{t("search.sector")}</dt>
        <dd>{grave.sector}</dd>
        <dt>{t("search.row")}</dt>
        <dd>{grave.row}</dd>
        <dt>{t("search.place")}</dt>
        <dd>{grave.place}</dd>
        {grave.burialDate ? (
          <>
            <dt>{t("search.burial_date")}</dt>
            <dd>{formatDate(locale, grave.burialDate)}</dd>
          </>
        ) : null}
        <dt>{t("search.coordinates")}</dt>
        <dd>
          <span data-testid="grave-coordinates">{coords}</span>{" "}
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              void navigator.clipboard?.writeText(coords).then(() => setCopied(true));
            }}
          >
            {copied ? t("search.copied") : t("search.copy")}
          </button>
        </dd>
      </dl>
      {grave.reburied ? null : (
        <p>
          <Link to={to(`/walk/${grave.id}`)} className="button button--block" data-testid="grave-walk">
            <Icon name="map-pin" /> {t("walk.open")}
          </Link>
        </p>
      )}
      {grave.reburied ? null : (
        <p className="grave-card__routes">
          <span>{t("search.route")}:</span>
          <a href={links.yandex} target="_blank" rel="noopener noreferrer">
            {t("search.yandex")}
          </a>
          <a href={links.twoGis} target="_blank" rel="noopener noreferrer">
            2GIS
          </a>
          <a href={links.google} target="_blank" rel="noopener noreferrer">
            Google Maps
          </a>
        </p>
      )}
      <p className="grave-card__memorial">
        {memorialId ? (
          <Link
            className="button button--ghost button--small"
            to={to(`/memorial/${memorialId}`)}
            data-testid="grave-memorial"
          >
            <Icon name="book" size={16} /> {t("memorial.open_page")}
          </Link>
        ) : null}{" "}
        <Link
          to={to(`/client/memorial/create?burial=${grave.id}`)}
          className="muted"
          data-testid="grave-memorial-create"
        >
          {t("memorial.create_for_grave")}
        </Link>
      </p>
      <PlotMap
        key={grave.id}
        cemeteryId={grave.cemetery.id}
        boundary={cemetery?.boundary ?? null}
        center={grave.point}
        focus={grave.point}
        label={t("search.grave_map", { name: fullName(grave) })}
        className="grave-card__map"
      />
      {shortUrl ? <GraveQr id={grave.id} shortUrl={shortUrl} /> : null}
    </section>
  );
}

/** The public registry search: by name (either spelling), years and cemetery; a result opens its grave card. */
export default function Search({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const [params] = useSearchParams();
  const { cemeteries, results, grave, graveCemetery, shortUrl, memorialOf } = loaderData;
  const total = results ? t(results.totalCapped ? "search.found_more" : "search.found", { count: results.total }) : "";
  const submit = useSubmit();
  // Instant search: the results follow the name as it is typed (after a short pause).
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  const onType = (form: HTMLFormElement) => {
    clearTimeout(typing.current);
    typing.current = setTimeout(() => {
      const q = new FormData(form).get("q");
      if (typeof q === "string" && (q.trim().length >= 2 || q.trim() === "")) {
        void submit(form, { replace: true, preventScrollReset: true });
      }
    }, 350);
  };
  // After "Найти" the results lie below the form (off screen on a phone): focus moves to their
  // heading, which says how many were found, and the page scrolls to it. Typing updates them
  // in place and leaves the focus in the field; the count is announced by the status below.
  const navigation = useNavigation();
  const location = useLocation();
  const submitted = useRef(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!submitted.current || navigation.state !== "idle" || !location.key) return;
    submitted.current = false;
    const heading = resultsHeading.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    heading.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  }, [navigation.state, location.key]);
  const searchForm = useRef<HTMLFormElement>(null);
  useFieldsFollowUrl(searchForm, params);
  const linkToGrave = (id: number) => {
    const next = new URLSearchParams(params);
    next.set("grave", String(id));
    return `?${next}#grave-title`;
  };
  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title">{t("search.title")}</h1>
      <p className="lead">{t("search.lead")}</p>
      <Form
        ref={searchForm}
        method="get"
        className="search-form card"
        role="search"
        data-testid="search-form"
        preventScrollReset
        onSubmit={() => {
          clearTimeout(typing.current);
          submitted.current = true;
        }}
      >
        <div className="field search-form__q">
          <label htmlFor="s-q" className="field__label">
            {t("search.name")}
          </label>
          <input
            id="s-q"
            name="q"
            type="search"
            defaultValue={params.get("q") ?? ""}
            autoComplete="off"
            onChange={(e) => onType(e.currentTarget.form as HTMLFormElement)}
          />
          <p className="field__hint">{t("search.name_hint")}</p>
        </div>
        <div className="search-form__row">
          <div className="field">
            <label htmlFor="s-birth" className="field__label">
              {t("search.birth_year")}
            </label>
            <input
              id="s-birth"
              name="birthYear"
              inputMode="numeric"
              pattern="[0-9]{4}"
              maxLength={4}
              defaultValue={params.get("birthYear") ?? ""}
            />
          </div>
          <div className="field">
            <label htmlFor="s-death" className="field__label">
              {t("search.death_year")}
            </label>
            <input
              id="s-death"
              name="deathYear"
              inputMode="numeric"
              pattern="[0-9]{4}"
              maxLength={4}
              defaultValue={params.get("deathYear") ?? ""}
            />
          </div>
          <div className="field">
            <label htmlFor="s-cemetery" className="field__label">
              {t("search.cemetery")}
            </label>
            <select id="s-cemetery" name="cemeteryId" defaultValue={params.get("cemeteryId") ?? ""}>
              <option value="">{t("search.any_cemetery")}</option>
              <NamedOptions items={cemeteries} />
            </select>
          </div>
        </div>
        <button type="submit" className="button">
          <Icon name="search" /> {t("common.find")}
        </button>
      </Form>

      {grave ? (
        <GraveCard
          key={grave.id}
          grave={grave}
          cemetery={graveCemetery}
          shortUrl={shortUrl}
          memorialId={memorialOf[grave.id]}
        />
      ) : null}

      <p className="visually-hidden" role="status">
        {results ? total : ""}
      </p>
      {results ? (
        <section className="search-results" aria-labelledby="results-title">
          <h2
            id="results-title"
            className="search-results__title"
            tabIndex={-1}
            ref={resultsHeading}
            data-testid="search-total"
          >
            {total}
          </h2>
          {results.total === 0 ? (
            <p className="note">
              {t("search.nothing")}{" "}
              <Link to={to(`/add?${addParams(params)}`)} data-testid="add-link">
                {t("add.link")}
              </Link>
            </p>
          ) : null}
          <ul className="results" data-testid="search-results">
            {results.items.map((b) => (
              <li key={b.id} className="result">
                <Link to={linkToGrave(b.id)} className="result__name">
                  {fullName(b)}
                </Link>
                <span className="result__years">{years(b)}</span>
                {memorialOf[b.id] ? (
                  <Link
                    to={to(`/memorial/${memorialOf[b.id]}`)}
                    className="result__memorial"
                    data-testid="result-memorial"
                  >
                    <Icon name="book" size={16} /> {t("memorial.page")}
                  </Link>
                ) : null}
                <span className="muted">
                  {b.cemetery.name} · {t("search.sector")} {b.sector}, {t("search.row").toLowerCase()} {b.row},{" "}
                  {t("search.place").toLowerCase()} {b.place}
                </span>
              </li>
            ))}
          </ul>
          <Pager page={results.page} pageSize={results.pageSize} total={results.total} />
          <SearchRequestForm
            key={searchKey(params)}
            cemeteries={cemeteries}
            isOpen={results.total === 0}
            answer={actionData}
          />
        </section>
      ) : null}
    </section>
  );
}
