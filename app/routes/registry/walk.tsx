import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { TGraveWalk } from "../../../common/api-types.ts";
import { translate } from "../../../common/i18n.ts";
import { fullName } from "../../../common/person.ts";
import {
  arrowDeg,
  bearingDeg,
  compassPoint,
  distanceM,
  FAR_M,
  hasArrived,
  headingOf,
  LOW_ACCURACY_M,
  localProjection,
  roundDistance,
  scaleBarM,
  type TLngLat,
} from "../../../common/walk-geometry.ts";
import { Icon } from "../../components/icon.tsx";
import { useT } from "../../lib/hooks.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/walk";

/**
 * Finding a grave on foot (decision 027): the cemetery's plan drawn here as SVG (no map tiles), the
 * visitor's position once they ask for it, the distance and the direction to the grave. Once
 * opened it keeps working with no network: a service worker registered by this page only
 * (`public/walk-sw.js`, scope `/walk/`) keeps the page, its assets and its data, and the data is
 * kept in localStorage as well.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = pageId(params.id, request);
  const { api, locale } = context.get(requestContext);
  const walk = await orPageError(request, () => api.get("/burials/:id/walk", { params: { id } }));
  const meta = {
    title: `${translate(locale, "walk.title")}: ${fullName(walk.grave)}`,
    description: translate(locale, "walk.meta_description"),
  };
  return { walk, meta, isSaved: false };
}

/** Where the page keeps the data of the graves it led to (the newest few), for a visit with no network. */
const SAVED_PREFIX = "walk:";
const SAVED_INDEX = "walk:index";
const SAVED_MAX = 5;

type TSaved = Awaited<ReturnType<typeof loader>>;

function readSaved(path: string): TSaved | null {
  try {
    const raw = localStorage.getItem(SAVED_PREFIX + path);
    return raw ? { ...(JSON.parse(raw) as TSaved), isSaved: true } : null;
  } catch {
    return null;
  }
}

function writeSaved(path: string, data: TSaved) {
  try {
    const index = (JSON.parse(localStorage.getItem(SAVED_INDEX) ?? "[]") as string[]).filter((p) => p !== path);
    index.unshift(path);
    for (const old of index.splice(SAVED_MAX)) localStorage.removeItem(SAVED_PREFIX + old);
    localStorage.setItem(SAVED_PREFIX + path, JSON.stringify({ ...data, isSaved: false }));
    localStorage.setItem(SAVED_INDEX, JSON.stringify(index));
  } catch {
    // Storage full or refused (a private window): the service worker's copy remains.
  }
}

/**
 * In the browser: the server's data when the network answers; when it does not (a navigation with
 * no connection), the copy this phone kept. A 404 or any answer of the server stands.
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (err) {
    const saved = err instanceof Response ? null : readSaved(new URL(request.url).pathname);
    if (saved) return saved;
    throw err;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData
    ? [
        { title: loaderData.meta.title },
        { name: "description", content: loaderData.meta.description },
        // A tool for one visit, not a page to find: the grave's card is the one search engines list.
        { name: "robots", content: "noindex" },
      ]
    : [];
}

type TFix = { point: TLngLat; accuracy: number };
type TGeo =
  | { kind: "idle" }
  | { kind: "locating" }
  | { kind: "tracking"; fix: TFix }
  | { kind: "timeout" }
  | { kind: "denied" }
  | { kind: "unavailable" }
  | { kind: "unsupported" };

type TOrientationEvent = DeviceOrientationEvent & { webkitCompassHeading?: number };
type TOrientationCtor = { requestPermission?: () => Promise<"granted" | "denied"> };

/**
 * The visitor's position, watched only once they ask (`start`, from a button press: never on load),
 * and the phone's compass heading while it is watched, where the phone gives an absolute one.
 */
function useWhereAmI() {
  const [geo, setGeo] = useState<TGeo>({ kind: "idle" });
  const [heading, setHeading] = useState<number | null>(null);
  const watch = useRef<number | null>(null);
  const lastHeading = useRef<number | null>(null);

  const onOrientation = useCallback((e: Event) => {
    const h = headingOf(e as TOrientationEvent, screen.orientation?.angle ?? 0);
    if (h === null) return;
    const last = lastHeading.current;
    // A re-render per degree is enough: the sensor fires far more often than that.
    if (last !== null && Math.abs(((h - last + 540) % 360) - 180) < 2) return;
    lastHeading.current = h;
    setHeading(h);
  }, []);

  const stop = useCallback(() => {
    if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    watch.current = null;
    window.removeEventListener("deviceorientationabsolute", onOrientation);
    window.removeEventListener("deviceorientation", onOrientation);
    lastHeading.current = null;
    setHeading(null);
  }, [onOrientation]);

  const start = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setGeo({ kind: "unsupported" });
      return;
    }
    stop();
    setGeo({ kind: "locating" });
    // Safari asks for the compass in the same press (a permission of its own); elsewhere none is asked.
    const Orientation = (window as { DeviceOrientationEvent?: TOrientationCtor }).DeviceOrientationEvent;
    const listen = () => {
      window.addEventListener("deviceorientationabsolute", onOrientation);
      window.addEventListener("deviceorientation", onOrientation);
    };
    // Listening costs nothing where no event comes; Safari sends them once its permission is granted
    // (adding the same listener again is a no-op).
    listen();
    if (typeof Orientation?.requestPermission === "function") {
      Orientation.requestPermission()
        .then((answer) => (answer === "granted" ? listen() : undefined))
        .catch(() => undefined);
    }
    watch.current = navigator.geolocation.watchPosition(
      (p) =>
        setGeo({
          kind: "tracking",
          fix: { point: [p.coords.longitude, p.coords.latitude], accuracy: p.coords.accuracy },
        }),
      (err) => {
        if (err.code === err.PERMISSION_DENIED) {
          stop();
          setGeo({ kind: "denied" });
        } else if (err.code === err.TIMEOUT) {
          // Still watching: a fix may come; the last one, if any, stays shown.
          setGeo((g) => (g.kind === "tracking" ? g : { kind: "timeout" }));
        } else {
          setGeo((g) => (g.kind === "tracking" ? g : { kind: "unavailable" }));
        }
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 20_000 },
    );
  }, [onOrientation, stop]);

  useEffect(() => stop, [stop]);
  return {
    geo,
    heading,
    start,
    stop: () => {
      stop();
      setGeo({ kind: "idle" });
    },
  };
}

/**
 * Keeps the page for a visit with no network: registers the walking pages' service worker and asks
 * it to keep this page, the files it loaded and its data. True once the page itself is kept (a
 * signed-in visitor's page is never kept: the worker refuses private answers).
 */
function useKeptOffline(graveId: number, locale: string): boolean | null {
  const [isKept, setKept] = useState<boolean | null>(null);
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let isLive = true;
    const scope = `${locale === "kk" ? "/kk" : ""}/walk/`;
    navigator.serviceWorker
      .register("/walk-sw.js", { scope })
      .then(async (registration) => {
        const worker =
          registration.active ??
          (await new Promise<ServiceWorker | null>((resolve) => {
            const installing = registration.installing ?? registration.waiting;
            if (!installing) return resolve(null);
            installing.addEventListener("statechange", () => {
              if (installing.state === "activated") resolve(installing);
              if (installing.state === "redundant") resolve(null);
            });
          }));
        if (!worker || !isLive) return;
        const files = new Set<string>();
        for (const el of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>("script[src], link[href]")) {
          const url = new URL("src" in el && el.src ? el.src : (el as HTMLLinkElement).href, location.href);
          if (url.origin === location.origin && url.pathname.startsWith("/assets/")) files.add(url.pathname);
        }
        for (const entry of performance.getEntriesByType("resource")) {
          const url = new URL(entry.name);
          if (url.origin !== location.origin) continue;
          if (url.pathname.startsWith("/assets/")) files.add(url.pathname);
          // The route manifest the page's links asked for: with no network, they still know their routes.
          if (url.pathname === "/__manifest") files.add(url.pathname + url.search);
        }
        const channel = new MessageChannel();
        channel.port1.onmessage = (e: MessageEvent<{ isPageKept?: boolean }>) => {
          if (isLive) setKept(e.data?.isPageKept === true);
        };
        worker.postMessage(
          {
            type: "keep",
            page: location.pathname,
            data: `/api/v1/burials/${graveId}/walk`,
            files: [...files],
          },
          [channel.port2],
        );
      })
      .catch(() => undefined);
    return () => {
      isLive = false;
    };
  }, [graveId, locale]);
  return isKept;
}

function useOnline(): boolean {
  const [isOnline, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return isOnline;
}

/** A distance in the page's words: "120 м", "2,4 км". */
function useDistanceText() {
  const { t, locale } = useT();
  return (m: number) => {
    const d = roundDistance(m);
    const value = d.value.toLocaleString(locale === "kk" ? "kk-KZ" : "ru-RU");
    return t(d.unit === "m" ? "walk.metres" : "walk.kilometres", { value });
  };
}

/** The arrow to the grave, turned `deg` degrees clockwise from the top of the screen. */
function Arrow({ deg }: { deg: number }) {
  return (
    <svg
      className="walk-arrow"
      viewBox="-50 -50 100 100"
      aria-hidden="true"
      data-testid="walk-arrow"
      data-deg={Math.round(deg)}
    >
      <circle r="48" className="walk-arrow__dial" />
      <g transform={`rotate(${deg.toFixed(1)})`}>
        <path d="M0 -40 L24 22 L0 10 L-24 22 Z" className="walk-arrow__head" />
      </g>
    </svg>
  );
}

/** In the close view, the visitor is kept on the plan within this many metres of the grave. */
const NEAR_VIEW_M = 150;

/** The cemetery's plan around the grave, north up, in metres; the visitor when near. */
function Plan({ walk, fix }: { walk: TGraveWalk; fix: TFix | null }) {
  const { t } = useT();
  const distanceText = useDistanceText();
  const grave = walk.grave.point;
  const proj = localProjection(grave);
  const near = fix && distanceM(fix.point, grave) <= FAR_M ? fix : null;
  const boundary = walk.cemetery.boundary?.map(proj) ?? null;
  const outline = walk.outline.map(proj);
  const plots = walk.nearby.map((p) => p.outline.map(proj));
  const centre = walk.cemetery.center ? proj(walk.cemetery.center) : null;
  const you = near ? proj(near.point) : null;
  // The whole cemetery, or the grave's neighbourhood (its rows readable) with the visitor when close.
  const [isClose, setClose] = useState(false);
  const pts: [number, number][] = [[0, 0], ...outline, ...plots.flat()];
  if (!isClose) pts.push(...(boundary ?? []));
  if (centre && !isClose) pts.push(centre);
  if (you && (!isClose || Math.hypot(you[0], you[1]) <= NEAR_VIEW_M)) pts.push(you);
  let [minX, minY, maxX, maxY] = [-20, -20, 20, 20];
  for (const [x, y] of pts) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  // A plan no flatter or taller than a phone's screen can show: widen the short side.
  let w = maxX - minX;
  let h = maxY - minY;
  if (h < w * 0.75) {
    minY -= (w * 0.75 - h) / 2;
    h = w * 0.75;
  }
  if (w < h / 1.4) {
    minX -= (h / 1.4 - w) / 2;
    w = h / 1.4;
  }
  const pad = Math.max(w, h) * 0.08;
  minX -= pad;
  minY -= pad;
  w += 2 * pad;
  h += 2 * pad;
  const unit = Math.max(w, h) / 100;
  const path = (ring: [number, number][]) => `M${ring.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join("L")}Z`;
  const scale = scaleBarM(w / 3);
  return (
    <figure className="walk-plan">
      <svg
        viewBox={`${minX.toFixed(1)} ${minY.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`}
        role="img"
        aria-label={t("walk.plan", { name: walk.cemetery.name })}
        data-testid="walk-plan"
        className="walk-plan__svg"
      >
        <rect x={minX} y={minY} width={w} height={h} className="walk-plan__ground" />
        {boundary ? <path d={path(boundary)} className="walk-plan__boundary" data-testid="walk-boundary" /> : null}
        {plots.length ? <path d={plots.map(path).join("")} className="walk-plan__plot" /> : null}
        <path d={path(outline)} className="walk-plan__grave-plot" />
        {you ? <line x1={you[0]} y1={you[1]} x2={0} y2={0} className="walk-plan__line" /> : null}
        {centre ? (
          <g data-testid="walk-centre">
            <rect
              x={centre[0] - 1.5 * unit}
              y={centre[1] - 1.5 * unit}
              width={3 * unit}
              height={3 * unit}
              className="walk-plan__centre"
            />
            <text
              x={centre[0] + 2.5 * unit}
              y={centre[1] + 1.2 * unit}
              fontSize={3.5 * unit}
              className="walk-plan__label"
            >
              {t("walk.plan_centre")}
            </text>
          </g>
        ) : null}
        <g data-testid="walk-grave">
          <circle r={2.2 * unit} className="walk-plan__grave" />
          <text x={3 * unit} y={-2 * unit} fontSize={4.5 * unit} className="walk-plan__label walk-plan__label--strong">
            {t("walk.plan_grave")}
          </text>
        </g>
        {you && near ? (
          <g data-testid="walk-you">
            <circle cx={you[0]} cy={you[1]} r={near.accuracy} className="walk-plan__accuracy" />
            <circle cx={you[0]} cy={you[1]} r={1.8 * unit} className="walk-plan__you" />
            <text
              x={you[0] + 3 * unit}
              y={you[1] + 4.5 * unit}
              fontSize={4.5 * unit}
              className="walk-plan__label walk-plan__label--strong"
            >
              {t("walk.plan_you")}
            </text>
          </g>
        ) : null}
        <g transform={`translate(${minX + w - 7 * unit} ${minY + 4 * unit})`}>
          <path d={`M0 0 L${2.5 * unit} ${6 * unit} L${-2.5 * unit} ${6 * unit} Z`} className="walk-plan__north" />
          <text
            y={11 * unit}
            fontSize={4.5 * unit}
            textAnchor="middle"
            className="walk-plan__label walk-plan__label--strong"
          >
            {t("walk.plan_north")}
          </text>
        </g>
        <g transform={`translate(${minX + 4 * unit} ${minY + h - 4 * unit})`}>
          <path d={`M0 ${-1.5 * unit} V0 H${scale} V${-1.5 * unit}`} className="walk-plan__scale" />
          <text y={-2.5 * unit} fontSize={3.8 * unit} className="walk-plan__label">
            {distanceText(scale)}
          </text>
        </g>
      </svg>
      <figcaption className="walk-plan__legend">
        <span>
          <span className="walk-dot walk-dot--grave" aria-hidden="true" /> {t("walk.legend_grave")}
        </span>
        {near ? (
          <span>
            <span className="walk-dot walk-dot--you" aria-hidden="true" /> {t("walk.legend_you")}
          </span>
        ) : null}
        {centre ? (
          <span>
            <span className="walk-dot walk-dot--centre" aria-hidden="true" /> {t("walk.legend_centre")}
          </span>
        ) : null}
      </figcaption>
      {boundary || plots.length ? (
        <button
          type="button"
          className="button button--ghost button--block"
          onClick={() => setClose(!isClose)}
          data-testid="walk-zoom"
        >
          {isClose ? t("walk.zoom_all") : t("walk.zoom_near")}
        </button>
      ) : (
        <p className="muted">{t("walk.no_plan")}</p>
      )}
    </figure>
  );
}

/** Where the grave is from here: the arrow and the words, or "you are there". */
function Direction({ walk, fix, heading }: { walk: TGraveWalk; fix: TFix; heading: number | null }) {
  const { t } = useT();
  const distanceText = useDistanceText();
  const { grave } = walk;
  const distance = distanceM(fix.point, grave.point);
  const accuracy = distanceText(fix.accuracy);
  if (hasArrived(distance, fix.accuracy)) {
    return (
      <div className="walk-status walk-status--arrived" role="status" data-testid="walk-arrived">
        <p className="walk-status__line walk-status__big">
          <Icon name="check" /> {t("walk.arrived")}
        </p>
        <p className="walk-status__line">
          {t("walk.arrived_hint", {
            distance: distanceText(Math.max(distance, 1)),
            sector: grave.sector,
            row: grave.row,
            place: grave.place,
          })}
        </p>
      </div>
    );
  }
  const bearing = bearingDeg(fix.point, grave.point);
  const isFar = distance > FAR_M;
  return (
    <div className="walk-status" role="status">
      <div className="walk-status__row">
        <Arrow deg={arrowDeg(bearing, heading)} />
        <p className="walk-status__line walk-status__big" data-testid="walk-distance">
          {t("walk.distance", {
            direction: t(`walk.directions.${compassPoint(bearing)}`),
            distance: distanceText(distance),
          })}
        </p>
      </div>
      <p className="walk-status__line">
        {isFar ? t("walk.far") : heading !== null ? t("walk.follow_arrow") : t("walk.north_arrow")}
      </p>
      {fix.accuracy > LOW_ACCURACY_M ? (
        <p className="alert alert--warning" data-testid="walk-low-accuracy">
          <Icon name="alert" /> {t("walk.low_accuracy", { distance: accuracy })}
        </p>
      ) : (
        <p className="walk-status__line muted">{t("walk.accuracy", { distance: accuracy })}</p>
      )}
    </div>
  );
}

/** What the position's state says when there is no fix to lead by. */
function GeoNote({ geo }: { geo: TGeo }) {
  const { t } = useT();
  switch (geo.kind) {
    case "idle":
      return <p className="walk-hint">{t("walk.idle")}</p>;
    case "locating":
      return (
        <p className="walk-hint" role="status" data-testid="walk-locating">
          {t("walk.locating")}
        </p>
      );
    case "timeout":
      return (
        <p className="alert alert--warning" role="status">
          <Icon name="clock" /> {t("walk.timeout")}
        </p>
      );
    case "denied":
      return (
        <div className="alert alert--error" role="alert" data-testid="walk-denied">
          <Icon name="alert" />
          <div>
            <p>
              <strong>{t("walk.denied_title")}</strong>
            </p>
            <p>{t("walk.denied")}</p>
          </div>
        </div>
      );
    case "unavailable":
      return (
        <p className="alert alert--error" role="alert" data-testid="walk-unavailable">
          <Icon name="alert" /> {t("walk.unavailable")}
        </p>
      );
    case "unsupported":
      return (
        <p className="alert alert--warning" role="alert">
          <Icon name="info" /> {t("walk.unsupported")}
        </p>
      );
    default:
      return null;
  }
}

export default function Walk({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { walk, isSaved } = loaderData;
  const { grave } = walk;
  const { geo, heading, start, stop } = useWhereAmI();
  const isOnline = useOnline();
  const isKept = useKeptOffline(grave.id, locale);
  useEffect(() => {
    if (!isSaved) writeSaved(location.pathname, loaderData);
  }, [loaderData, isSaved]);
  const fix = geo.kind === "tracking" ? geo.fix : null;
  const isWatching = geo.kind === "tracking" || geo.kind === "locating" || geo.kind === "timeout";
  return (
    <section
      className="walk"
      aria-labelledby="walk-title"
      data-testid="walk"
      data-kept={isKept === null ? "pending" : isKept ? "yes" : "no"}
    >
      <p>
        <Link to={to(`/search?grave=${grave.id}#grave-title`)}>← {t("walk.back")}</Link>
      </p>
      <h1 id="walk-title" className="walk__title">
        {t("walk.title")}
      </h1>
      <p className="walk__name" data-testid="walk-grave-name">
        <strong>{fullName(grave)}</strong>, {grave.birthYear ?? "?"} – {grave.deathYear ?? "?"}
      </p>
      <p className="walk__place">
        {grave.cemetery.name}. {t("walk.place", { sector: grave.sector, row: grave.row, place: grave.place })}
      </p>
      {!isOnline || isSaved ? (
        <p className="alert alert--warning" role="status" data-testid="walk-offline">
          <Icon name="info" /> {t("walk.offline")}
        </p>
      ) : null}
      {grave.reburied ? (
        <p className="note" data-testid="walk-reburied">
          {t("walk.reburied")}
        </p>
      ) : (
        <>
          {fix ? <Direction walk={walk} fix={fix} heading={heading} /> : <GeoNote geo={geo} />}
          <p className="walk__actions">
            {isWatching ? (
              <button type="button" className="button button--ghost" onClick={stop} data-testid="walk-stop">
                {t("walk.stop")}
              </button>
            ) : (
              <button
                type="button"
                className="button button--block walk__locate"
                onClick={start}
                data-testid="walk-locate"
              >
                <Icon name="map-pin" /> {t("walk.locate")}
              </button>
            )}
          </p>
          <p className="muted walk__privacy">{t("walk.privacy")}</p>
        </>
      )}
      <Plan walk={walk} fix={fix} />
      {isKept ? (
        <p className="muted" data-testid="walk-kept">
          <Icon name="check" /> {t("walk.saved")}
        </p>
      ) : null}
    </section>
  );
}
