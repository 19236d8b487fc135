import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createHarness, type Harness } from "../../test/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const NEW_PHONE = "+77071234567";

/** Runs `fn` as a real deployment's limits apply: without AUTH_DEV_CODE (the harness sets it). */
async function withoutDevCode(fn: () => Promise<void>) {
  const devCode = h.services.config.authDevCode;
  h.services.config.authDevCode = undefined;
  try {
    await fn();
  } finally {
    h.services.config.authDevCode = devCode;
  }
}

describe("one-time code login", () => {
  it("sends a 6-digit code and signs an existing user in with it, setting both cookies", async () => {
    const req = await h.request("POST", "/auth/otp/request", { body: { phone: "+7 (701) 000-00-05" } });
    expect(req.status).toBe(200);
    expect(req.json).toMatchObject({ expiresInSec: 300, resendInSec: 60 });
    expect(req.json.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const code = h.sms.lastCode(h.phones.client);
    expect(code).toMatch(/^\d{6}$/);

    const res = await h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.client, code } });
    expect(res.status).toBe(200);
    expect(res.json.role).toBe("client");
    expect(res.json.user.phone).toBe(h.phones.client);
    const cookies = res.headers.getSetCookie();
    const token = cookies.find((c) => c.startsWith("token="));
    const role = cookies.find((c) => c.startsWith("role="));
    expect(token).toMatch(/HttpOnly/i);
    expect(token).toMatch(/SameSite=Lax/i);
    expect(token).toMatch(/Path=\//);
    expect(token).not.toMatch(/Secure/);
    expect(role).toMatch(/^role=client;/);
    expect(role).not.toMatch(/HttpOnly/i);
  });

  it("sets Secure cookies in a real deployment (APP_ENV=production)", async () => {
    h.services.config.isProduction = true;
    try {
      await h.request("POST", "/auth/otp/request", { body: { phone: h.phones.client } });
      const code = h.sms.lastCode(h.phones.client);
      const res = await h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.client, code } });
      expect(res.status).toBe(200);
      const cookies = res.headers.getSetCookie();
      expect(cookies.find((c) => c.startsWith("token="))).toMatch(/; Secure/);
      expect(cookies.find((c) => c.startsWith("role="))).toMatch(/; Secure/);
    } finally {
      h.services.config.isProduction = false;
    }
  });

  it("never stores the code or the token in the clear", async () => {
    await h.request("POST", "/auth/otp/request", { body: { phone: h.phones.client } });
    const code = h.sms.lastCode(h.phones.client);
    const res = await h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.client, code } });
    const token = /token=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] as string;
    const dump = JSON.stringify(
      (await h.db.execute("select * from otp_codes")).rows.concat((await h.db.execute("select * from sessions")).rows),
    );
    expect(dump).not.toContain(code);
    expect(dump).not.toContain(token);
  });

  it("refuses a new code for the same phone within 60 s, then allows it", async () => {
    await withoutDevCode(async () => {
      const t0 = new Date("2026-11-22T10:00:00Z");
      h.setNow(t0);
      expect((await h.request("POST", "/auth/otp/request", { body: { phone: NEW_PHONE } })).status).toBe(200);
      h.setNow(new Date(t0.getTime() + 30_000));
      const again = await h.request("POST", "/auth/otp/request", { body: { phone: NEW_PHONE } });
      expect(again.status).toBe(429);
      expect(again.json.error.code).toBe("otp_resend_too_soon");
      expect(again.json.error.message).toContain("30");
      h.setNow(new Date(t0.getTime() + 61_000));
      expect((await h.request("POST", "/auth/otp/request", { body: { phone: NEW_PHONE } })).status).toBe(200);
    });
  });

  it("sends one code when a phone asks several times at once", async () => {
    await withoutDevCode(async () => {
      h.setNow(new Date("2026-11-22T10:00:00Z"));
      const sent = await Promise.all(
        Array.from({ length: 6 }, () => h.request("POST", "/auth/otp/request", { body: { phone: NEW_PHONE } })),
      );
      expect(sent.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
      expect(h.sms.sent.filter((m) => m.phone === NEW_PHONE)).toHaveLength(1);
      expect((await h.db.execute(sql`select count(*)::int as n from otp_codes`)).rows).toEqual([{ n: 1 }]);
    });
  });

  it("lets a phone whose code was just used ask for a new one at once", async () => {
    const t0 = new Date("2026-11-22T10:00:00Z");
    h.setNow(t0);
    await h.request("POST", "/auth/otp/request", { body: { phone: h.phones.client } });
    const code = h.sms.lastCode(h.phones.client);
    expect((await h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.client, code } })).status).toBe(200);
    h.setNow(new Date(t0.getTime() + 5_000));
    expect((await h.request("POST", "/auth/otp/request", { body: { phone: h.phones.client } })).status).toBe(200);
  });

  it("limits codes per phone per hour with a translated 429", async () => {
    await withoutDevCode(async () => {
      const t0 = new Date("2026-11-22T10:00:00Z").getTime();
      for (let i = 0; i < 5; i++) {
        h.setNow(new Date(t0 + i * 61_000));
        expect((await h.request("POST", "/auth/otp/request", { body: { phone: NEW_PHONE } })).status).toBe(200);
      }
      h.setNow(new Date(t0 + 5 * 61_000));
      const res = await h.request("POST", "/auth/otp/request", {
        body: { phone: NEW_PHONE },
        headers: { "accept-language": "kk" },
      });
      expect(res.status).toBe(429);
      expect(res.json.error.code).toBe("otp_phone_limit");
      expect(res.json.error.message).toMatch(/сағат/);
      h.setNow(new Date(t0 + 3600_000 + 10_000));
      expect((await h.request("POST", "/auth/otp/request", { body: { phone: NEW_PHONE } })).status).toBe(200);
    });
  });

  it("limits codes per IP address per hour", async () => {
    await withoutDevCode(async () => {
      const limit = h.services.config.otpIpHourlyLimit;
      for (let i = 0; i < limit; i++) {
        const phone = `+7705${String(1000000 + i)}`;
        expect((await h.request("POST", "/auth/otp/request", { body: { phone } })).status).toBe(200);
      }
      const res = await h.request("POST", "/auth/otp/request", { body: { phone: "+77059999999" } });
      expect(res.status).toBe(429);
      expect(res.json.error.code).toBe("otp_ip_limit");
    });
  });

  it("with AUTH_DEV_CODE a demo never locks itself out: past a phone's hourly limit no SMS goes, the dev code signs in", async () => {
    const t0 = new Date("2026-11-22T10:00:00Z").getTime();
    for (let i = 0; i < 5; i++) {
      h.setNow(new Date(t0 + i * 61_000));
      const sent = await h.request("POST", "/auth/otp/request", { body: { phone: h.phones.client } });
      expect(sent.json).toMatchObject({ isSmsSent: true });
    }
    h.setNow(new Date(t0 + 5 * 61_000));
    const past = await h.request("POST", "/auth/otp/request", { body: { phone: h.phones.client } });
    expect(past.status).toBe(200);
    expect(past.json).toEqual({ requestId: null, expiresInSec: 300, resendInSec: 60, isSmsSent: false });
    // The limit still holds for real codes: the sixth SMS was not sent.
    expect(h.sms.sent.filter((m) => m.phone === h.phones.client)).toHaveLength(5);
    const signedIn = await h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.client, code: "111111" } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.role).toBe("client");
    // Asked again at once, as a demo does from role to role: never a 429.
    const again = await h.request("POST", "/auth/otp/request", { body: { phone: h.phones.client } });
    expect(again.status).toBe(200);
    expect(h.sms.sent.filter((m) => m.phone === h.phones.client)).toHaveLength(5);
  });

  it("with AUTH_DEV_CODE an address past its hourly limit gets no more SMS, but can still sign in with the dev code", async () => {
    const limit = h.services.config.otpIpHourlyLimit;
    for (let i = 0; i < limit; i++) {
      const phone = `+7705${String(1000000 + i)}`;
      expect((await h.request("POST", "/auth/otp/request", { body: { phone } })).json.isSmsSent).toBe(true);
    }
    const past = await h.request("POST", "/auth/otp/request", { body: { phone: h.phones.manager } });
    expect(past.status).toBe(200);
    expect(past.json.isSmsSent).toBe(false);
    expect(h.sms.sent).toHaveLength(limit);
    expect(h.sms.sent.some((m) => m.phone === h.phones.manager)).toBe(false);
    const rows = await h.db.execute(sql`select count(*)::int as n from otp_codes`);
    expect((rows.rows[0] as { n: number }).n).toBe(limit);
    const signedIn = await h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.manager, code: "111111" } });
    expect(signedIn.json.role).toBe("manager");
  });

  it("with AUTH_DEV_CODE a second request within 60 s sends nothing and answers the code step", async () => {
    const t0 = new Date("2026-11-22T10:00:00Z");
    h.setNow(t0);
    await h.request("POST", "/auth/otp/request", { body: { phone: NEW_PHONE } });
    h.setNow(new Date(t0.getTime() + 30_000));
    const again = await h.request("POST", "/auth/otp/request", { body: { phone: NEW_PHONE } });
    expect(again.status).toBe(200);
    expect(again.json.isSmsSent).toBe(false);
    expect(h.sms.sent).toHaveLength(1);
  });

  it("expires a code after 5 minutes", async () => {
    const t0 = new Date("2026-11-22T10:00:00Z");
    h.setNow(t0);
    await h.request("POST", "/auth/otp/request", { body: { phone: h.phones.client } });
    const code = h.sms.lastCode(h.phones.client);
    h.setNow(new Date(t0.getTime() + 300_001));
    const res = await h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.client, code } });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("otp_expired");
  });

  it("voids a code after 5 wrong tries, even when the right one comes next", async () => {
    await h.request("POST", "/auth/otp/request", { body: { phone: h.phones.client } });
    const code = h.sms.lastCode(h.phones.client);
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 1; i <= 4; i++) {
      const res = await h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.client, code: wrong } });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("otp_invalid");
      expect(res.json.error.message).toContain(String(5 - i));
    }
    const fifth = await h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.client, code: wrong } });
    expect(fifth.json.error.code).toBe("otp_too_many_attempts");
    const right = await h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.client, code } });
    expect(right.status).toBe(400);
    expect(right.json.error.code).toBe("otp_too_many_attempts");
  });

  it("counts 30 parallel wrong guesses without losing one: at most 5 are ever checked", async () => {
    await h.request("POST", "/auth/otp/request", { body: { phone: h.phones.client } });
    const code = h.sms.lastCode(h.phones.client);
    // 30 different wrong codes (never the dev code), sent at once: on PostgreSQL they run on
    // several pooled connections in parallel.
    const guesses = Array.from({ length: 30 }, (_, i) => String(200_000 + i)).filter(
      (g) => g !== code && g !== "111111",
    );
    const answers = await Promise.all(
      guesses.map((g) => h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.client, code: g } })),
    );
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const invalid = answers.filter((a) => a.json.error.code === "otp_invalid");
    const tooMany = answers.filter((a) => a.json.error.code === "otp_too_many_attempts");
    // Tries 1-4 are told how many are left (4, 3, 2, 1); the fifth voids the code; the rest are
    // refused without being compared.
    expect(invalid.map((a) => a.json.error.message.match(/\d/)?.[0]).sort()).toEqual(["1", "2", "3", "4"]);
    expect(tooMany.length).toBe(guesses.length - 4);
    const rows = await h.db.execute("select attempts from otp_codes");
    expect((rows.rows as { attempts: number }[]).map((r) => r.attempts)).toEqual([5]);
    const right = await h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.client, code } });
    expect(right.json.error.code).toBe("otp_too_many_attempts");
  });

  it("signs in once when the right code is sent twice at the same time", async () => {
    await h.request("POST", "/auth/otp/request", { body: { phone: h.phones.client } });
    const code = h.sms.lastCode(h.phones.client);
    const answers = await Promise.all(
      [1, 2, 3].map(() => h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.client, code } })),
    );
    expect(answers.filter((a) => a.status === 200).length).toBe(1);
    const sessions = await h.db.execute("select count(*)::int as n from sessions");
    expect((sessions.rows as { n: number }[])[0]?.n).toBe(1);
  });

  it("answers 422 with translated field messages for a malformed phone", async () => {
    const res = await h.request("POST", "/auth/otp/request", {
      body: { phone: "12" },
      headers: { "accept-language": "ru-RU,ru;q=0.9" },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("validation_failed");
    expect(res.json.error.fields).toEqual([{ path: "phone", message: expect.stringContaining("+7") }]);
  });

  it("accepts AUTH_DEV_CODE for any phone, but only outside production", async () => {
    const ok = await h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.admin, code: "111111" } });
    expect(ok.json.role).toBe("admin");
    h.services.config.isProduction = true;
    try {
      const refused = await h.request("POST", "/auth/otp/verify", { body: { phone: h.phones.admin, code: "111111" } });
      expect(refused.status).toBe(400);
    } finally {
      h.services.config.isProduction = false;
    }
  });
});

describe("sessions", () => {
  it("accepts the token as a cookie and as a Bearer header", async () => {
    const token = await h.login(h.phones.manager);
    const byBearer = await h.request("GET", "/me", { token });
    expect(byBearer.status).toBe(200);
    expect(byBearer.json.user.role).toBe("manager");
    const byCookie = await h.request("GET", "/me", { cookie: `token=${token}` });
    expect(byCookie.json.user.role).toBe("manager");
  });

  it("takes the role from the session, never from the role cookie", async () => {
    const token = await h.login(h.phones.client);
    const res = await h.request("GET", "/akimats", { cookie: `token=${token}; role=admin` });
    expect(res.status).toBe(403);
  });

  it("answers 401 without a session and clears both cookies when a stale token is sent", async () => {
    expect((await h.request("GET", "/me")).status).toBe(401);
    const res = await h.request("GET", "/me", { cookie: "token=not-a-real-token; role=admin" });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("unauthorized");
    const cleared = res.headers.getSetCookie();
    expect(cleared.some((c) => /^token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    expect(cleared.some((c) => /^role=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
  });

  it("logout deletes the session", async () => {
    const token = await h.login(h.phones.client);
    const out = await h.request("POST", "/auth/logout", { token });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => c.startsWith("token=;"))).toBe(true);
    expect((await h.request("GET", "/me", { token })).status).toBe(401);
  });

  it("expires sessions after 30 days", async () => {
    const token = await h.login(h.phones.client);
    h.setNow(new Date(Date.now() + 31 * 24 * 3600_000));
    expect((await h.request("GET", "/me", { token })).status).toBe(401);
  });
});

describe("registration", () => {
  async function verifyNew(phone = NEW_PHONE): Promise<string> {
    await h.request("POST", "/auth/otp/request", { body: { phone } });
    const res = await h.request("POST", "/auth/otp/verify", { body: { phone, code: h.sms.lastCode(phone) } });
    expect(res.json).toMatchObject({ role: null, user: null });
    return res.json.registrationToken;
  }

  it("registers a client with a valid IIN and consent", async () => {
    const registrationToken = await verifyNew();
    const bad = await h.request("POST", "/auth/register/client", {
      body: { registrationToken, iin: "850312400121", surname: "Әлиев", name: "Арман", consent: false },
    });
    expect(bad.status).toBe(422);
    const paths = bad.json.error.fields.map((f: { path: string }) => f.path).sort();
    expect(paths).toEqual(["consent", "iin"]);
    const ok = await h.request("POST", "/auth/register/client", {
      body: { registrationToken, iin: "900101300126", surname: "Әлиев", name: "Арман", patronymic: "", consent: true },
    });
    expect(ok.status).toBe(201);
    expect(ok.json.user).toMatchObject({ role: "client", phone: NEW_PHONE, surname: "Әлиев" });
    expect(JSON.stringify(ok.json)).not.toContain("900101300126");
    const again = await h.request("POST", "/auth/register/client", {
      body: { registrationToken, iin: "900101300126", surname: "Әлиев", name: "Арман", consent: true },
    });
    expect(again.json.error.code).toBe("registration_expired");
  });

  it("registers a supplier inactive and tells the admins", async () => {
    const registrationToken = await verifyNew();
    const res = await h.request("POST", "/auth/register/supplier", {
      body: {
        registrationToken,
        bin: "180540012343",
        companyName: "ТОО «Дубль»",
        headName: "Серіков Болат",
        city: "Алматы",
        isVatPayer: false,
        consent: true,
      },
    });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("bin_taken");
    const token2 = await verifyNew("+77071234568");
    const base = {
      registrationToken: token2,
      companyName: "ТОО «Мәңгілік»",
      headName: "Серіков Болат Асқарұлы",
      city: "Алматы",
      isVatPayer: false,
      consent: true,
    };
    const badBin = await h.request("POST", "/auth/register/supplier", { body: { ...base, bin: "190640001235" } });
    expect(badBin.status).toBe(422);
    expect(badBin.json.error.fields[0].path).toBe("bin");
    const created = await h.request("POST", "/auth/register/supplier", { body: { ...base, bin: "190640001234" } });
    expect(created.status).toBe(201);
    expect(created.json.user).toMatchObject({ role: "supplier", surname: "Серіков", name: "Болат" });
    const supplierToken = /token=([^;]+)/.exec(created.headers.get("set-cookie") ?? "")?.[1];
    const me = await h.request("GET", "/me", { token: supplierToken });
    expect(me.json.organisation).toMatchObject({ kind: "supplier", status: "pending", name: "ТОО «Мәңгілік»" });
    const adminToken = await h.login(h.phones.admin);
    const inbox = await h.request("GET", "/notifications", { token: adminToken });
    expect(inbox.json.items[0].text).toContain("ТОО «Мәңгілік»");
    expect(inbox.json.items[0].link).toBe("/admin/suppliers?status=pending");
  });
});
