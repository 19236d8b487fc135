import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { redirectTo } from "../lib/redirect.server.ts";
import { ApiError } from "../../common/api-client.ts";
import { localizePath } from "../../common/locale.ts";
import { applyMask, formatPhoneInput, MASKS } from "../../common/mask.ts";
import { formatPhone, normalizePhone } from "../../common/phone.ts";
import { safeNext } from "../../common/safe-next.ts";
import type { Role } from "../../common/roles.ts";
import type { TRegisterClientInput, TRegisterSupplierInput } from "../../common/schemas.ts";
import { Field, FormError, MaskedInput, PhoneField, PrivacyLink, TextField } from "../components/form.tsx";
import { Icon } from "../components/icon.tsx";
import { browserApi } from "../lib/browser-api.ts";
import { type TFormReply, useSchemaForm } from "../lib/form.ts";
import { replyOfApiError } from "../lib/form-reply.ts";
import { useT } from "../lib/hooks.ts";
import { requestContext } from "../lib/request-context.ts";
import { HOME_OF_ROLE } from "../../common/role-homes.ts";
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
    throw redirectTo(next ?? localizePath(HOME_OF_ROLE[rc.me.user.role], rc.locale));
  }
  return null;
}

type Step = "phone" | "code" | "register";

/** A refusal of the API (or a failed network) as the form's answer: messages next to the fields. */
function replyOf(err: unknown, networkError: string): TFormReply {
  return err instanceof ApiError ? replyOfApiError(err) : { status: "error", error: { "": [networkError] } };
}

/** The login's general message (a refusal that names no field, or a staff phone not known). */
function LoginError({ messages }: { messages: (string | undefined)[] }) {
  const message = messages.find(Boolean);
  return message ? (
    <p className="alert alert--error" role="alert" data-testid="login-error">
      <Icon name="alert" /> {message}
    </p>
  ) : null;
}

export default function Login() {
  const { t, locale } = useT();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const isStaff = pathname.endsWith("/admin/login");
  const api = browserApi(locale);

  const [step, setStep] = useState<Step>("phone");
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [resendAt, setResendAt] = useState(0);
  const [isSmsSent, setIsSmsSent] = useState(true);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [staffUnknown, setStaffUnknown] = useState(false);
  const [phoneReply, setPhoneReply] = useState<TFormReply>();
  const [codeReply, setCodeReply] = useState<TFormReply>();
  const [registrationToken, setRegistrationToken] = useState("");

  useEffect(() => {
    if (step !== "code") return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [step]);
  const resendIn = Math.max(0, Math.ceil((resendAt - now) / 1000));

  function goOn(role: Role) {
    const next = safeNext(params.get("next"));
    window.location.assign(next ?? localizePath(HOME_OF_ROLE[role], locale));
  }

  async function sendCode(to: string) {
    setStaffUnknown(false);
    setCodeReply(undefined);
    setBusy(true);
    try {
      const res = await api.post("/auth/otp/request", { body: { phone: to } });
      setPhoneReply(undefined);
      setPhone(to);
      setResendAt(Date.now() + res.resendInSec * 1000);
      setIsSmsSent(res.isSmsSent);
      setNow(Date.now());
      setCode("");
      setStep("code");
    } catch (err) {
      const reply = replyOf(err, t("login.network_error"));
      if (step === "code") setCodeReply(reply);
      else setPhoneReply(reply);
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    setBusy(true);
    try {
      const res = await api.post("/auth/otp/verify", {
        body: {
          phone,
          code,
        },
      });
      if (res.role) return goOn(res.role);
      if (isStaff) {
        setStaffUnknown(true);
        setStep("phone");
        return;
      }
      setRegistrationToken(res.registrationToken ?? "");
      setStep("register");
    } catch (err) {
      setCodeReply(replyOf(err, t("login.network_error")));
    } finally {
      setBusy(false);
    }
  }

  const phoneForm = useSchemaForm("ZLoginPhone", {
    id: "",
    lastResult: phoneReply,
    defaultValue: { phone: phone ? formatPhoneInput(phone) : "" },
    onValid: (event, value) => {
      event.preventDefault();
      const typed = value?.phone ?? normalizePhone(String(new FormData(event.currentTarget).get("phone") ?? ""));
      void sendCode(typed ?? "");
    },
  });
  const codeForm = useSchemaForm("ZLoginCode", {
    id: "",
    lastResult: codeReply,
    onValid: (event) => {
      event.preventDefault();
      void verify();
    },
  });
  const codeField = codeForm.fields.code;

  return (
    <section className="card card--narrow login" aria-labelledby="login-title">
      <h1 id="login-title">{isStaff ? t("login.staff_title") : t("login.title")}</h1>
      {step === "phone" ? (
        <LoginError
          messages={[staffUnknown ? t("login.staff_unknown") : undefined, ...(phoneForm.form.errors ?? [])]}
        />
      ) : null}
      {step === "code" ? <LoginError messages={codeForm.form.errors ?? []} /> : null}

      {step === "phone" ? (
        <form {...phoneForm.form.props}>
          <p className="muted">{isStaff ? t("login.staff_intro") : t("login.intro")}</p>
          <PhoneField field={phoneForm.fields.phone} label={t("login.phone")} required />
          <button type="submit" className="button button--block" disabled={busy} data-testid="send-code">
            {t("login.send_code")}
          </button>
        </form>
      ) : null}

      {step === "code" ? (
        <form {...codeForm.form.props}>
          <p className="muted" data-testid="code-sent">
            {t(isSmsSent ? "login.code_sent" : "login.code_not_sent", { phone: formatPhone(phone) })}
          </p>
          <input type="hidden" name="phone" value={phone} />
          <Field field={codeField} label={t("login.code")}>
            {({ defaultValue: _, ...p }) => (
              <MaskedInput
                {...p}
                mask={MASKS.otp}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onValueChange={setCode}
                autoFocus
              />
            )}
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
              onClick={() => void sendCode(phone)}
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
          phone={phone}
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

/** Digits only, at most 12 (IIN, BIN), as they are typed or pasted. */
const twelveDigits = (e: { currentTarget: HTMLInputElement }) => {
  e.currentTarget.value = applyMask(e.currentTarget.value, MASKS.iin);
};

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
  const { t, locale } = useT();
  const api = browserApi(locale);
  const [kind, setKind] = useState<"client" | "supplier">("client");
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<TFormReply>();

  /** Sends the form; `unchecked` when the browser's check did not load (the API checks the same fields). */
  async function submit(body: TRegisterClientInput | TRegisterSupplierInput | Record<string, unknown>) {
    setBusy(true);
    try {
      // Either body goes as the form gave it: the API validates it against the kind's schema.
      const res = await (kind === "client"
        ? api.post("/auth/register/client", { body: body as TRegisterClientInput })
        : api.post("/auth/register/supplier", { body: body as TRegisterSupplierInput }));
      onDone(res.role);
    } catch (err) {
      if (err instanceof ApiError && err.code === "registration_expired") {
        onExpired();
        return;
      }
      setReply(replyOf(err, t("login.network_error")));
    } finally {
      setBusy(false);
    }
  }

  const { form, fields } = useSchemaForm(kind === "client" ? "ZRegisterClient" : "ZRegisterSupplier", {
    id: "reg",
    lastResult: reply,
    onValid: (event, value) => {
      event.preventDefault();
      // Not checked here (the check did not load): the API checks the same fields.
      const typed = Object.fromEntries(new FormData(event.currentTarget));
      void submit(value ?? { ...typed, isVatPayer: typed.isVatPayer === "on", consent: typed.consent === "on" });
    },
  });
  const consent = fields.consent;

  return (
    <form {...form.props} data-testid="registration">
      <p className="muted">{t("register.intro", { phone: formatPhone(phone) })}</p>
      <FormError form={form} />
      <input type="hidden" name="registrationToken" value={registrationToken} />
      <fieldset className="choice">
        <legend>{t("register.who")}</legend>
        <label className="choice__option">
          <input
            type="radio"
            name="kind"
            checked={kind === "client"}
            onChange={() => {
              setKind("client");
              setReply(undefined);
            }}
          />
          <span>
            <strong>{t("register.client")}</strong>
            <small>{t("register.client_hint")}</small>
          </span>
        </label>
        <label className="choice__option">
          <input
            type="radio"
            name="kind"
            checked={kind === "supplier"}
            onChange={() => {
              setKind("supplier");
              setReply(undefined);
            }}
          />
          <span>
            <strong>{t("register.supplier")}</strong>
            <small>{t("register.supplier_hint")}</small>
          </span>
        </label>
      </fieldset>

      {kind === "client" ? (
        <>
          <TextField
            field={fields.iin}
            label={t("register.iin")}
            hint={t("register.iin_hint")}
            inputMode="numeric"
            maxLength={12}
            onChange={twelveDigits}
            required
          />
          <TextField field={fields.surname} label={t("register.surname")} autoComplete="family-name" required />
          <TextField field={fields.name} label={t("register.name")} autoComplete="given-name" required />
          <TextField
            field={fields.patronymic}
            label={t("register.patronymic")}
            hint={t("register.patronymic_hint")}
            autoComplete="additional-name"
          />
        </>
      ) : (
        <>
          <TextField
            field={fields.bin}
            label={t("register.bin")}
            hint={t("register.bin_hint")}
            inputMode="numeric"
            maxLength={12}
            onChange={twelveDigits}
            required
          />
          <TextField field={fields.companyName} label={t("register.company")} autoComplete="organization" required />
          <TextField field={fields.headName} label={t("register.head")} hint={t("register.head_hint")} required />
          <TextField field={fields.city} label={t("register.city")} autoComplete="address-level2" required />
          <label className="check">
            <input type="checkbox" name="isVatPayer" />
            <span>{t("register.vat")}</span>
          </label>
          <Field field={fields.description} label={t("register.description")} hint={t("register.description_hint")}>
            {(p) => <textarea {...p} rows={4} />}
          </Field>
          <p className="muted">{t("register.supplier_pending")}</p>
        </>
      )}

      <div className={`field${consent.errors ? " field--error" : ""}`}>
        <label className="check">
          <input
            type="checkbox"
            name="consent"
            aria-invalid={consent.errors ? true : undefined}
            aria-describedby={consent.errors ? consent.errorId : undefined}
          />
          <span>
            {t("register.consent")} <PrivacyLink>{t("register.consent_more")}</PrivacyLink>
          </span>
        </label>
        {consent.errors ? (
          <p className="field__error" id={consent.errorId} role="alert">
            {consent.errors[0]}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--block" disabled={busy} data-testid="register-submit">
        {t("register.submit")}
      </button>
    </form>
  );
}
