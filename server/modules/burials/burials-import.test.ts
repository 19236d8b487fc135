import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { cemeteryForm, createCemetery, demoAkimatId } from "../../test/registry-fixtures.ts";
import { burials } from "../burials/burials.tables.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let admin: string;
let akimatId: number;
beforeEach(async () => {
  await h.reset();
  admin = await h.login(h.phones.admin);
  akimatId = await demoAkimatId(h.db);
});

const create = (over: Record<string, unknown> = {}) => createCemetery(h, admin, cemeteryForm(akimatId, over));

async function uploadXlsx(wb: ExcelJS.Workbook, token: string) {
  return h.upload(token, {
    name: "import.xlsx",
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    bytes: new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer),
    purpose: "spreadsheet",
  });
}

function workbook(plotRows: unknown[][], burialRows: unknown[][] = []) {
  const wb = new ExcelJS.Workbook();
  const p = wb.addWorksheet("Места");
  p.addRow(["Сектор", "Ряд", "Место", "Долгота", "Широта", "Ширина", "Длина", "Статус", "Примечание"]);
  for (const r of plotRows) p.addRow(r);
  const b = wb.addWorksheet("Захоронения");
  b.addRow([
    "Сектор",
    "Ряд",
    "Место",
    "Фамилия",
    "Имя",
    "Отчество",
    "ИИН",
    "Рождение",
    "Смерть",
    "Захоронение",
    "Перезах.",
  ]);
  for (const r of burialRows) b.addRow(r);
  return wb;
}

describe("the XLSX import (admin)", () => {
  it("gives an XLSX template in the page's language", async () => {
    const id = await create();
    const res = await h.api.request(`/api/v1/cemeteries/${id}/import/template`, {
      headers: { authorization: `Bearer ${admin}`, "accept-language": "kk" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Орындар", "Жерлеулер"]);
    expect(wb.worksheets[1]?.getRow(1).getCell(4).value).toBe("Тегі");
  });

  it("imports a good file whole: plots, records, occupied places, searchable names", async () => {
    const id = await create();
    const wb = workbook(
      [
        ["A", "1", 1, 76.9005, 43.2005, 1.2, 2.2, "свободно", ""],
        ["A", "1", 2, 76.9006, 43.2005, "", "", "", "у дерева"],
        ["A", "1", 3, 76.9007, 43.2005, "", "", "недоступно", ""],
      ],
      [["A", "1", 2, "Сейтқали", "Нұрлан", "Бекұлы", "", "12.03.1950", "2010-06-01", "2010-06-03", "нет"]],
    );
    const uploadId = await uploadXlsx(wb, admin);
    const res = await h.request("POST", `/cemeteries/${id}/import`, { token: admin, body: { uploadId } });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ plots: 3, burials: 1 });
    const rows = await h.db.select().from(plots).where(eq(plots.cemeteryId, id));
    expect(rows.map((p) => [p.number, p.status]).sort()).toEqual([
      [1, "free"],
      [2, "occupied"],
      [3, "unavailable"],
    ]);
    const found = await h.request("GET", `/burials/search?q=${encodeURIComponent("Сейткали Нурлан")}`);
    expect(found.json.items[0]).toMatchObject({ surname: "Сейтқали", birthYear: 1950, deathYear: 2010, place: 2 });
  });

  it("reports bad rows by sheet, row and column and imports nothing", async () => {
    const id = await create();
    const wb = workbook(
      [
        ["A", "1", 1, 76.9005, 43.2005, "", "", "", ""],
        ["A", "1", 1, 76.9006, 43.2005, "", "", "", ""],
        ["A", "1", "x", 76.9007, 43.2005, "", "", "", ""],
        ["A", "2", 1, 77.5, 43.2005, "", "", "", ""],
        ["A", "2", 2, 76.9008, 43.2005, "", "", "сломано", ""],
      ],
      [
        ["A", "1", 1, "", "Иван", "", "", "", "", "", ""],
        ["A", "9", 9, "Петров", "", "", "123", "1990-13-45", "", "", ""],
      ],
    );
    const uploadId = await uploadXlsx(wb, admin);
    const res = await h.request("POST", `/cemeteries/${id}/import`, { token: admin, body: { uploadId } });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("import_failed");
    const paths = res.json.error.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "plots:3:number",
        "plots:4:number",
        "plots:5:lng",
        "plots:6:status",
        "burials:2:surname",
        "burials:3:iin",
        "burials:3:birthDate",
        "burials:3:number",
      ]),
    );
    expect(await h.db.select().from(plots).where(eq(plots.cemeteryId, id))).toHaveLength(0);
    expect(await h.db.select().from(burials)).toHaveLength(0);
  });

  it("refuses places the cemetery already has and the same person twice in one place", async () => {
    const id = await create();
    const first = await uploadXlsx(workbook([["A", "1", 1, 76.9005, 43.2005]]), admin);
    expect(
      (await h.request("POST", `/cemeteries/${id}/import`, { token: admin, body: { uploadId: first } })).status,
    ).toBe(201);
    const again = await uploadXlsx(
      workbook(
        [["A", "1", 1, 76.9005, 43.2005]],
        [
          ["A", "1", 1, "Ким", "Виктор", "", "", "", "2001-01-01", "", ""],
          ["A", "1", 1, "Ким", "Виктор", "", "", "", "2001-01-01", "", ""],
        ],
      ),
      admin,
    );
    const res = await h.request("POST", `/cemeteries/${id}/import`, { token: admin, body: { uploadId: again } });
    expect(res.status).toBe(422);
    const paths = res.json.error.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["plots:2:number", "burials:3:surname"]));
    expect(await h.db.select().from(burials)).toHaveLength(0);
  });
});
