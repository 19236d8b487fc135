import { describe, expect, it } from "vitest";
import { ZAkimatInput, ZCemeteryInput, ZPhone } from "./schemas.ts";
import { formatPhone, formatPhones, maskPhone, normalizePhone, normalizePhoneList, telHref } from "./phone.ts";

describe("phones", () => {
  it("stores what people type as +7 and ten digits", () => {
    for (const typed of ["+7 (701) 999-00-31", "8 701 999 0031", "7019990031", "+7 701 999 00 31", "87019990031"]) {
      expect(normalizePhone(typed), typed).toBe("+77019990031");
    }
    for (const wrong of ["", "12345", "+7 (101) 999-00-31", "+1 415 555 0101", "+7 701 999 00 311"]) {
      expect(normalizePhone(wrong), wrong).toBeNull();
    }
  });

  it("shows a stored phone in one way everywhere", () => {
    expect(formatPhone("+77019990031")).toBe("+7 701 999 00 31");
    expect(formatPhone("+77272551010")).toBe("+7 727 255 10 10");
    // A value stored before phones were normalised is shown normalised when it can be, else as it is.
    expect(formatPhone("+7 (727) 271-66-00")).toBe("+7 727 271 66 00");
    expect(formatPhone("внутр. 105")).toBe("внутр. 105");
    expect(maskPhone("+77019990031")).toBe("+7 (701) ***-**-31");
    expect(telHref("+7 (727) 271-66-00")).toBe("tel:+77272716600");
  });

  it("normalises a list of phones and names the part that is not one", () => {
    expect(normalizePhoneList("+7 (727) 255-10-10; 8 701 123 45 67\n7272551010")).toEqual({
      ok: true,
      value: "+77272551010, +77011234567",
    });
    expect(normalizePhoneList("")).toEqual({ ok: true, value: "" });
    expect(normalizePhoneList("+7 727 255 10 10, приёмная")).toEqual({ ok: false, part: "приёмная" });
    expect(formatPhones("+77272551010, +77011234567")).toBe("+7 727 255 10 10, +7 701 123 45 67");
  });

  it("is normalised by every schema that takes a phone", () => {
    expect(ZPhone.parse(" 8 (701) 999-00-31 ")).toBe("+77019990031");
    const akimat = { nameRu: "Акимат", nameKk: "Әкімдік", city: "Алматы" };
    expect(ZAkimatInput.parse({ ...akimat, phone: "+7 (727) 271-66-00" }).phone).toBe("+77272716600");
    expect(ZAkimatInput.parse({ ...akimat, phone: "" }).phone).toBe("");
    expect(ZAkimatInput.safeParse({ ...akimat, phone: "271-66" }).error?.issues[0]?.message).toBe("validation.phone");
    const cemetery = {
      akimatId: 1,
      nameRu: "Кладбище",
      nameKk: "Зират",
      city: "Алматы",
      religion: "all",
      status: "open",
      capacity: 0,
      burialFee: 0,
      burialSlots: { days: [1], from: "10:00", to: "16:00" },
      boundary: [
        [76.9, 43.2],
        [76.91, 43.2],
        [76.91, 43.21],
      ],
    };
    expect(ZCemeteryInput.parse({ ...cemetery, phones: "+7 (727) 255-10-10, 87011234567" }).phones).toBe(
      "+77272551010, +77011234567",
    );
    expect(ZCemeteryInput.safeParse({ ...cemetery, phones: "255-10" }).error?.issues[0]?.message).toBe(
      "validation.phones",
    );
  });
});
