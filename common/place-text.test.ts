import { describe, expect, it } from "vitest";
import { translate } from "./i18n.ts";
import "./catalogs.ts";
import { placesText, placeText } from "./place-text.ts";

const ru = (key: string, params?: Record<string, string | number>) => translate("ru", key, params);
const kk = (key: string, params?: Record<string, string | number>) => translate("kk", key, params);
const at = (sector: string, row: string, number: number) => ({ sector, row, number });

describe("places as people write them", () => {
  it("names one place in each language's order", () => {
    expect(placeText(ru, at("А", "3", 12))).toBe("Сектор А, ряд 3, место 12");
    expect(placeText(kk, at("А", "3", 12))).toBe("А сектор, 3 қатар, 12 орын");
  });

  it("writes neighbours in one row once, as a range, in any order", () => {
    expect(placesText(ru, [at("А", "3", 13), at("А", "3", 12)])).toBe("Сектор А, ряд 3, места 12–13");
    expect(placesText(kk, [at("А", "3", 12), at("А", "3", 13), at("А", "3", 14)])).toBe(
      "А сектор, 3 қатар, 12–14 орындар",
    );
  });

  it("lists numbers that do not follow each other, and places of different rows one by one", () => {
    expect(placesText(ru, [at("А", "3", 12), at("А", "3", 15)])).toBe("Сектор А, ряд 3, места 12, 15");
    expect(placesText(ru, [at("А", "3", 12), at("Б", "1", 2)])).toBe(
      "Сектор А, ряд 3, место 12; Сектор Б, ряд 1, место 2",
    );
    expect(placesText(ru, [])).toBe("");
  });
});
