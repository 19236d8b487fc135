import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withCheckDigit } from "../../../common/iin.ts";
import { createHarness, type Harness } from "../../test/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

async function sheetOf(res: Response) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as never);
  return wb.worksheets[0] as ExcelJS.Worksheet;
}

const get = (path: string, token: string) =>
  h.api.request(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });

describe("the inbox's exports", () => {
  it("writes the akimat's filtered appeals in the reader's language, IINs and phones as text", async () => {
    const staff = await h.login(h.phones.akimat);
    const iin = withCheckDigit("02030450012") as string;
    for (const [surname, text] of [
      ["Сейткалиева", "Ограда повалена на участке 12."],
      ["Омаров", "Вопрос о пособии на погребение."],
    ]) {
      const made = await h.request("POST", "/appeals/oral", {
        token: staff,
        body: { channel: "phone", surname, name: "Гульнара", phone: "+77017770011", iin, type: "statement", text },
      });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
    }
    const res = await get("/appeals/export.xlsx?status=all&q=%D0%BE%D0%B3%D1%80%D0%B0%D0%B4%D0%B0&lang=kk", staff);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const ws = await sheetOf(res);
    expect(ws.getRow(1).getCell(1).value).toBe("Нөмірі");
    expect(ws.getRow(1).getCell(9).value).toBe("ЖСН");
    // The filter holds: one row (the text «ограда»), its IIN a text that keeps every digit.
    expect(ws.rowCount).toBe(2);
    const iinCell = ws.getRow(2).getCell(9);
    expect(iinCell.value).toBe(iin);
    expect(iinCell.numFmt).toBe("@");
    expect(ws.getRow(2).getCell(8).value).toBe("+77017770011");
    expect(ws.getRow(2).getCell(3).value).toBe("Арыз");
  });

  it("is the akimat's staff's only", async () => {
    for (const phone of [h.phones.client, h.phones.supplier, h.phones.manager, h.phones.admin]) {
      const token = await h.login(phone);
      expect((await get("/appeals/export.xlsx", token)).status, phone).toBe(403);
      expect((await get("/reburials/export.xlsx", token)).status, phone).toBe(403);
    }
    const staff = await h.login(h.phones.akimat);
    const reburials = await get("/reburials/export.xlsx?lang=ru", staff);
    expect(reburials.status).toBe(200);
    expect((await sheetOf(reburials)).getRow(1).getCell(4).value).toBe("Умерший");
  });
});
