/** A translator as both the screens (`t`) and the server (`translate` bound to a locale) have it. */
type TTranslate = (key: string, params?: Record<string, string | number>) => string;

/** Where a place is: its sector, row and number. */
export type TPlaceRef = { sector: string; row: string; number: number };

/** One place as people write it: `Сектор А, ряд 3, место 12` / `А сектор, 3 қатар, 12 орын`. */
export function placeText(t: TTranslate, p: TPlaceRef): string {
  return t("place.one", { sector: p.sector, row: p.row, number: p.number });
}

/**
 * The places of one booking, on screens and in the printed documents alike: neighbours in one row
 * once (`Сектор А, ряд 3, места 12–13`; numbers that do not follow each other are listed), places
 * in different rows one after another.
 */
export function placesText(t: TTranslate, places: readonly TPlaceRef[]): string {
  const [first] = places;
  if (!first) return "";
  if (places.length === 1) return placeText(t, first);
  if (!places.every((p) => p.sector === first.sector && p.row === first.row)) {
    return places.map((p) => placeText(t, p)).join("; ");
  }
  const numbers = places.map((p) => p.number).sort((a, b) => a - b);
  const consecutive = numbers.every((n, i) => i === 0 || n === (numbers[i - 1] as number) + 1);
  const written = consecutive ? `${numbers[0]}–${numbers[numbers.length - 1]}` : numbers.join(", ");
  return t("place.in_row", { sector: first.sector, row: first.row, numbers: written });
}
