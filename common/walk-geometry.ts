/**
 * The walking page's geometry (decision 027), pure and isomorphic: distance and bearing between two
 * points on the Earth, the compass word of a bearing, when a visitor has arrived, and the local
 * projection the cemetery's plan is drawn in. Points are `[lng, lat]` in degrees, as everywhere in
 * the product.
 */
export type TLngLat = [number, number];

/** The Earth's mean radius (IUGG), in metres: the haversine's error over a cemetery is centimetres. */
export const EARTH_RADIUS_M = 6_371_008.8;
/** Within this many metres of the grave a visitor is there (a few plots away, as far as a phone's GPS can tell). */
export const ARRIVED_M = 10;
/** A position less accurate than this (metres, the radius of 68 % confidence) is flagged as low accuracy. */
export const LOW_ACCURACY_M = 30;
/** Farther than this from the grave, the visitor is not at the cemetery: the plan is not stretched to show them. */
export const FAR_M = 2_000;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** The great-circle distance in metres (haversine). */
export function distanceM([lng1, lat1]: TLngLat, [lng2, lat2]: TLngLat): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The initial bearing from `from` to `to`, in degrees clockwise from true north, 0 ≤ b < 360. */
export function bearingDeg([lng1, lat1]: TLngLat, [lng2, lat2]: TLngLat): number {
  const dLng = rad(lng2 - lng1);
  const y = Math.sin(dLng) * Math.cos(rad(lat2));
  const x = Math.cos(rad(lat1)) * Math.sin(rad(lat2)) - Math.sin(rad(lat1)) * Math.cos(rad(lat2)) * Math.cos(dLng);
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

export const COMPASS_POINTS = ["n", "ne", "e", "se", "s", "sw", "w", "nw"] as const;
export type TCompassPoint = (typeof COMPASS_POINTS)[number];

/** The nearest of the eight compass points to a bearing (north covers 337.5°–22.5°). */
export function compassPoint(bearing: number): TCompassPoint {
  const b = ((bearing % 360) + 360) % 360;
  return COMPASS_POINTS[Math.round(b / 45) % 8] as TCompassPoint;
}

/**
 * Whether the visitor is at the grave: within {@link ARRIVED_M}, or within the position's own
 * accuracy when that is wider (no closer answer can be given) — but never from farther than
 * {@link LOW_ACCURACY_M}, where "you are there" would be a guess.
 */
export function hasArrived(distance: number, accuracy: number): boolean {
  return distance <= Math.max(ARRIVED_M, Math.min(accuracy, LOW_ACCURACY_M));
}

/**
 * The arrow's angle on the screen: the bearing itself when the plan's top is north, or the bearing
 * less the phone's compass heading when the phone says which way it points (0 ≤ a < 360).
 */
export function arrowDeg(bearing: number, heading: number | null): number {
  return (((bearing - (heading ?? 0)) % 360) + 360) % 360;
}

/**
 * The compass heading of a `deviceorientation` event, degrees clockwise from north, or null when the
 * phone does not give an absolute one: Safari's `webkitCompassHeading`, or an absolute event's
 * alpha (counter-clockwise, so 360 − alpha) adjusted for the screen's rotation.
 */
export function headingOf(
  e: { alpha: number | null; absolute?: boolean; webkitCompassHeading?: number },
  screenAngle = 0,
): number | null {
  if (typeof e.webkitCompassHeading === "number" && Number.isFinite(e.webkitCompassHeading)) {
    return ((e.webkitCompassHeading % 360) + 360) % 360;
  }
  if (!e.absolute || e.alpha === null) return null;
  return (((360 - e.alpha + screenAngle) % 360) + 360) % 360;
}

/**
 * A local plane around `origin`, in metres east (x) and south (y: SVG's y grows downwards), so the
 * plan's top is north. Equirectangular: over a cemetery (a kilometre or two) its error is far below
 * a phone's GPS.
 */
export function localProjection(origin: TLngLat) {
  const kx = (Math.PI / 180) * EARTH_RADIUS_M * Math.cos(rad(origin[1]));
  const ky = (Math.PI / 180) * EARTH_RADIUS_M;
  return ([lng, lat]: TLngLat): [number, number] => [(lng - origin[0]) * kx, -(lat - origin[1]) * ky];
}

/** A distance as people say it: whole metres up to a kilometre, then kilometres with one decimal. */
export function roundDistance(m: number): { unit: "m" | "km"; value: number } {
  if (m < 1000) return { unit: "m", value: m < 100 ? Math.round(m) : Math.round(m / 5) * 5 };
  return { unit: "km", value: Math.round(m / 100) / 10 };
}

/** A "nice" length for the plan's scale bar (1, 2 or 5 × 10^n metres) no longer than `maxM`. */
export function scaleBarM(maxM: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(maxM, 1)));
  for (const k of [5, 2, 1]) if (k * p <= maxM) return k * p;
  return p;
}
