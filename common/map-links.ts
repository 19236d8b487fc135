/** Route links to a point in the map apps people in Kazakhstan use; coordinates as [lng, lat]. */
export function routeLinks([lng, lat]: [number, number]) {
  const la = lat.toFixed(6);
  const lo = lng.toFixed(6);
  return {
    yandex: `https://yandex.kz/maps/?rtext=~${la}%2C${lo}&rtt=auto`,
    twoGis: `https://2gis.kz/directions/points/%7C${lo}%2C${la}`,
    google: `https://www.google.com/maps/dir/?api=1&destination=${la}%2C${lo}`,
  };
}

/** Coordinates as people paste them into a map app: `43.246600, 76.986200` (latitude first). */
export function formatCoordinates([lng, lat]: [number, number]): string {
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}

/**
 * A link that shows a point on OpenStreetMap, zoomed in to a grave: what the QR code of a printed
 * document carries (a plain https address opens in any phone's camera app; `geo:` URIs do not).
 */
export function placeLink([lng, lat]: [number, number]): string {
  const la = lat.toFixed(6);
  const lo = lng.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=19/${la}/${lo}`;
}
