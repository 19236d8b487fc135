import { describe, expect, it } from "vitest";
import { MAX_ID, pageNumber, parseId, ZId } from "./schemas.ts";

describe("the one id rule", () => {
  it.each([
    ["1", 1],
    ["007", 7],
    ["2147483647", MAX_ID],
    [42, 42],
  ])("reads %j as %j", (value, expected) => {
    expect(parseId(value)).toBe(expected);
    expect(ZId.parse(value)).toBe(expected);
  });

  it.each([
    "99999999999",
    "2147483648",
    "0",
    "-1",
    "1.5",
    "1e3",
    "0x10",
    " 1",
    "1 ",
    "",
    "abc",
    "Infinity",
    "NaN",
    "１",
    2147483648,
    0,
    -3,
    1.5,
    Number.NaN,
    null,
    undefined,
    [],
  ])("refuses %j", (value) => {
    expect(parseId(value)).toBeNull();
    expect(ZId.safeParse(value).success).toBe(false);
  });

  it("reads page numbers leniently: digits clamped to the lists' range, anything else the first page", () => {
    expect(pageNumber("3")).toBe(3);
    expect(pageNumber("99999999999")).toBe(10_000);
    expect(pageNumber("99999999999", 500)).toBe(500);
    for (const v of ["0", "-2", "1e3", "abc", "", null, undefined]) expect(pageNumber(v)).toBe(1);
  });
});
