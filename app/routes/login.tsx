import { useEffect, useState } from "react";
import { redirect, useLocation, useSearchParams } from "react-router";
import { ApiError } from "../../common/api-client.ts";
import { localizePath } from "../../common/locale.ts";
import { formatPhoneInput, MASKS } from "../../common/mask.ts";
import { formatPhone, normalizePhone } from "../../common/phone.ts";
import { safeNext } from "../../common/safe-next.ts";
import type { Role } from "../../common/roles.ts";
import { describedBy, Field, MaskedInput } from "../components/form.tsx";
import { Icon } from "../components/icon.tsx";
import { browserApi } from "../lib/browser-api.ts";
import { useT } from "../lib/hooks.ts";
import { requestContext } from "../lib/request-context.ts";
import { HOME_OF_ROLE } from "../route-table.ts";
import type { Route } from "./+types/login";

export function meta({ location }: Route.MetaArgs) {
  const isKk = location.pathname.startsWith("/kk");
  return [{ title: isKk ? "Жүйеге кіру" : "Вход в систему" }];
}

/** A signed-in visitor goes straight on, to `next` only when it stays on this site (`safeNext`). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  if (rc.me) {
    const next = safeNext(new URL(request.url).searchParams.get("next"));
    throw redirect(next ?? localizePath(HOME_OF_ROLE[rc.me.user.role], rc.locale));
  }
  return null;
}

type Step = "phone" | "code" | "register";
type FieldErrors = Record<string, string>;

function errorsOf(err: unknown, fallback: string): { general?: string; fields: FieldErrors } {
  if (err instanceof ApiError) {
    const fields: FieldErrors = {};
    for (const f of err.fields) fields[f.path] = f.message;
    return { general: err.fields.length ? undefined : err.message, fields };
  }
  return { general: fallback, fields: {} };
}

export default function Login() {
  const { t, locale } = useT();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const isStaff = pathname.endsWith("/admin/login");
  const api = browserApi(locale);

  const [step, setStep] = useState<Step>("phone");
  const [phoneInput, setPhoneInput] = useState("");
  const [code, setCode] = useState("");
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [general, setGeneral] = useState<string>();
  const [fields, setFields] = useState<FieldErrors>({});
  const [registrationToken, setRegistrationToken] = useState("");

  useEffect(() => {
    if (step !== "code") return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [step]);
  const resendIn = Math.max(0, Math.ceil((resendAt - now) / 1000));

  const phone = normalizePhone(phoneInput);

  function fail(err: unknown) {
    const e = errorsOf(err, t("login.network_error"));
    setGeneral(e.general);
    setFields(e.fields);
  }

  function goOn(role: Role) {
    const next = safeNext(params.get("next"));
    window.location.assign(next ?? localizePath(HOME_OF_ROLE[role], locale));
  }

  async function sendCode() {
    setGeneral(undefined);
    setFields({});
    if (!phone) {
      setFields({ phone: t("validation.phone") });
      return;
    }
    setBusy(true);
    try {
      const res = await api.post<{ resendInSec: number }>("/auth/otp/request", { phone });
      setResendAt(Date.now() + res.resendInSec * 1000);
      setNow(Date.now());
      setCode("");
      setStep("code");
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    setGeneral(undefined);
    setFields({});
    setBusy(true);
    try {
      const res = await api.post<{ role: Role | null; registrationToken?: string }>("/auth/otp/verify", {
        phone,
        code,
      });
      if (res.role) return goOn(res.role);
      if (isStaff) {
        setGeneral(t("login.staff_unknown"));
        setStep("phone");
        return;
      }
      setRegistrationToken(res.registrationToken ?? "");
      setStep("register");
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card card--narrow login" aria-labelledby="login-title">
      <h1 id="login-title">{isStaff ? t("login.staff_title") : t("login.title")}</h1>
      {general ? (
        <p className="alert alert--error" role="alert" data-testid="login-error">
          <Icon name="alert" /> {general}
        </p>
      ) : null}

      {step === "phone" ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void sendCode();
          }}
          noValidate
        >
          <p className="muted">{isStaff ? t("login.staff_intro") : t("login.intro")}</p>
          <Field id="phone" label={t("login.phone")} hint={t("login.phone_hint")} error={fields.phone}>
            <input
              id="phone"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={MASKS.phone.replace(/#/g, "_")}
              value={phoneInput}
              onChange={(e) => setPhoneInput(formatPhoneInput(e.target.value))}
              aria-invalid={fields.phone ? true : undefined}
              aria-describedby={describedBy("phone", true, fields.phone)}
              required
            />
          </Field>
          <button type="submit" className="button button--block" disabled={busy} data-testid="send-code">
            {t("login.send_code")}
          </button>
        </form>
      ) : null}

      {step === "code" ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void verify();
          }}
          noValidate
        >
          <p className="muted" data-testid="code-sent">
            {t("login.code_sent", { phone: phone ? formatPhone(phone) : phoneInput })}
          </p>
          <Field id="code" label={t("login.code")} error={fields.code}>
            <MaskedInput
              id="code"
              name="code"
              mask={MASKS.otp}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onValueChange={setCode}
              aria-invalid={fields.code ? true : undefined}
              aria-describedby={describedBy("code", false, fields.code)}
              autoFocus
              required
            />
          </Field>
          <button
            type="submit"
            className="button button--block"
            disabled={busy || code.length !== 6}
            data-testid="verify-code"
          >
            {t("login.verify")}
          </button>
          <div className="login__secondary">
            <button
              type="button"
              className="button button--ghost"
              disabled={busy || resendIn > 0}
              onClick={() => void sendCode()}
              data-testid="resend"
            >
              {resendIn > 0 ? t("login.resend_in", { seconds: resendIn }) : t("login.resend")}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setStep("phone")}>
              {t("login.change_phone")}
            </button>
          </div>
        </form>
      ) : null}

      {step === "register" ? (
        <Registration
          registrationToken={registrationToken}
          phone={phone ?? ""}
          onDone={(role) =>
            // A new company goes on to upload its registration documents for the admin's review.
            role === "supplier" ? window.location.assign(localizePath("/supplier/profile", locale)) : goOn(role)
          }
          onExpired={() => setStep("phone")}
        />
      ) : null}
    </section>
  );
}

function Registration({
  registrationToken,
  phone,
  onDone,
  onExpired,
}: {
  registrationToken: string;
  phone: string;
  onDone: (role: Role) => void;
  onExpired: () => void;
}) {
  const { t, locale, to } = useT();
  const api = browserApi(locale);
  const [kind, setKind] = useState<"client" | "supplier">("client");
  const [form, setForm] = useState({
    iin: "",
    surname: "",
    name: "",
    patronymic: "",
    bin: "",
    companyName: "",
    headName: "",
    city: "",
    isVatPayer: false,
    description: "",
    consent: false,
  });
  const [busy, setBusy] = useState(false);
  const [general, setGeneral] = useState<string>();
  const [fields, setFields] = useState<FieldErrors>({});
  const set = (k: keyof typeof form) => (v: string | boolean) => setForm((f) => ({ ...f, [k]: v }));

  async function submit() {
    setBusy(true);
    setGeneral(undefined);
    setFields({});
    try {
      const body =
        kind === "client"
          ? {
              registrationToken,
              iin: form.iin,
              surname: form.surname,
              name: form.name,
              patronymic: form.patronymic,
              consent: form.consent,
            }
          : {
              registrationToken,
              bin: form.bin,
              companyName: form.companyName,
              headName: form.headName,
              city: form.city,
              isVatPayer: form.isVatPayer,
              description: form.description,
              consent: form.consent,
            };
      const res = await api.post<{ role: Role }>(`/auth/register/${kind}`, body);
      onDone(res.role);
    } catch (err) {
      if (err instanceof ApiError && err.code === "registration_expired") {
        onExpired();
        return;
      }
      const e = errorsOf(err, t("login.network_error"));
      setGeneral(e.general);
      setFields(e.fields);
    } finally {
      setBusy(false);
    }
  }

  const text = (
    key: keyof typeof form,
    label: string,
    opts: { hint?: string; autoComplete?: string; required?: boolean } = {},
  ) => (
    <Field id={`reg-${key}`} label={label} hint={opts.hint} error={fields[key]}>
      <input
        id={`reg-${key}`}
        name={key}
        value={form[key] as string}
        onChange={(e) => set(key)(e.target.value)}
        autoComplete={opts.autoComplete}
        aria-invalid={fields[key] ? true : undefined}
        aria-describedby={describedBy(`reg-${key}`, opts.hint, fields[key])}
        required={opts.required}
      />
    </Field>
  );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="registration"
    >
      <p className="muted">{t("register.intro", { phone: formatPhone(phone) })}</p>
      {general ? (
        <p className="alert alert--error" role="alert">
          {general}
        </p>
      ) : null}
      <fieldset className="choice">
        <legend>{t("register.who")}</legend>
        <label className="choice__option">
          <input type="radio" name="kind" checked={kind === "client"} onChange={() => setKind("client")} />
          <span>
            <strong>{t("register.client")}</strong>
            <small>{t("register.client_hint")}</small>
          </span>
        </label>
        <label className="choice__option">
          <input type="radio" name="kind" checked={kind === "supplier"} onChange={() => setKind("supplier")} />
          <span>
            <strong>{t("register.supplier")}</strong>
            <small>{t("register.supplier_hint")}</small>
          </span>
        </label>
      </fieldset>

      {kind === "client" ? (
        <>
          <Field id="reg-iin" label={t("register.iin")} hint={t("register.iin_hint")} error={fields.iin}>
            <MaskedInput
              id="reg-iin"
              name="iin"
              mask={MASKS.iin}
              inputMode="numeric"
              value={form.iin}
              onValueChange={set("iin")}
              aria-invalid={fields.iin ? true : undefined}
              aria-describedby={describedBy("reg-iin", true, fields.iin)}
              required
            />
          </Field>
          {text("surname", t("register.surname"), { autoComplete: "family-name", required: true })}
          {text("name", t("register.name"), { autoComplete: "given-name", required: true })}
          {text("patronymic", t("register.patronymic"), {
            autoComplete: "additional-name",
            hint: t("register.patronymic_hint"),
          })}
        </>
      ) : (
        <>
          <Field id="reg-bin" label={t("register.bin")} hint={t("register.bin_hint")} error={fields.bin}>
            <MaskedInput
              id="reg-bin"
              name="bin"
              mask={MASKS.bin}
              inputMode="numeric"
              value={form.bin}
              onValueChange={set("bin")}
              aria-invalid={fields.bin ? true : undefined}
              aria-describedby={describedBy("reg-bin", true, fields.bin)}
              required
            />
          </Field>
          {text("companyName", t("register.company"), { autoComplete: "organization", required: true })}
          {text("headName", t("register.head"), { hint: t("register.head_hint"), required: true })}
          {text("city", t("register.city"), { autoComplete: "address-level2", required: true })}
          <label className="check">
            <input type="checkbox" checked={form.isVatPayer} onChange={(e) => set("isVatPayer")(e.target.checked)} />
            <span>{t("register.vat")}</span>
          </label>
          <Field
            id="reg-description"
            label={t("register.description")}
            hint={t("register.description_hint")}
            error={fields.description}
          >
            <textarea
              id="reg-description"
              name="description"
              rows={4}
              value={form.description}
              onChange={(e) => set("description")(e.target.value)}
            />
          </Field>
          <p className="muted">{t("register.supplier_pending")}</p>
        </>
      )}

      <div className={`field${fields.consent ? " field--error" : ""}`}>
        <label className="check">
          <input
            type="checkbox"
            name="consent"
            checked={form.consent}
            onChange={(e) => set("consent")(e.target.checked)}
            aria-describedby={fields.consent ? "reg-consent-error" : undefined}
          />
          <span>
            {t("register.consent")} <a href={to("/instructions")}>{t("register.consent_more")}</a>
          </span>
        </label>
        {fields.consent ? (
          <p className="field__error" id="reg-consent-error" role="alert">
            {fields.consent}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--block" disabled={busy} data-testid="register-submit">
        {t("register.submit")}
      </button>
    </form>
  );
}
