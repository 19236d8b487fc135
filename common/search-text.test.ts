import { describe, expect, it } from "vitest";
import { foldName, searchTokens } from "./search-text.ts";

describe("name folding for search", () => {
  it("matches Kazakh letters with their Russian look-alikes, and ё with е", () => {
    expect(foldName("Жұмабаев")).toBe(foldName("Жумабаев"));
    expect(foldName("Әлиев")).toBe(foldName("Алиев"));
    expect(foldName("Сейтқали Нұрлан Бекұлы")).toBe("сейткали нурлан бекулы");
    expect(foldName("Ғабит Өмірзақ Үсенов Һ")).toBe("габит омирзак усенов х");
    expect(foldName("Фёдоров")).toBe("федоров");
  });
  it("splits a query into at most five words of two letters or more", () => {
    expect(searchTokens("  Иванов  И.  Пётр-Иван a b c d e f")).toEqual(["иванов", "петр", "иван"]);
    expect(searchTokens("один два три четыре пять шесть")).toHaveLength(5);
  });
});
