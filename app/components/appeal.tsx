import { Link } from "react-router";
import type { TAppealCountdown } from "../../common/appeal-deadlines.ts";
import type { TAppealListItem } from "../../common/appeal-schemas.ts";
import { APPEAL_TERMS, APPEAL_TYPES } from "../../common/appeals.ts";
import { formatDate, type TFn } from "../../common/i18n.ts";
import { useT } from "../lib/hooks.ts";
import { Icon } from "./icon.tsx";
import { StatusBadge } from "./status-badge.tsx";

/**
 * An appeal to the akimat as its applicant's screens show it (a client's and a supplier's: the
 * same pieces), from the API's answers (`common/appeal-schemas.ts`, types only: no zod here).
 */

/** How pressing an appeal's term is: past it, within the escalation's days, or not yet. */
export type TCountdownTone = "stop" | "wait" | "neutral";

/**
 * The working days left to the due day in words ("осталось 3 рабочих дня", "сегодня последний день
 * срока", "просрочено на 2 рабочих дня") and how pressing that is; null once the appeal is closed
 * (answered, redirected, withdrawn: no term runs). The days are the API's (`countdown`, on
 * Kazakhstan's working days), never counted again here: weekends and holidays are not days left.
 */
export function appealCountdownText(t: TFn, c: TAppealCountdown): { text: string; tone: TCountdownTone } | null {
  if (c.daysLeft === null) return null;
  if (c.isOverdue || c.daysLeft < 0) {
    return { text: t("appeals_screen.countdown.overdue", { count: Math.max(1, -c.daysLeft) }), tone: "stop" };
  }
  if (c.daysLeft === 0) return { text: t("appeals_screen.countdown.today"), tone: "wait" };
  return {
    text: t("appeals_screen.countdown.left", { count: c.daysLeft }),
    tone: c.isDueSoon ? "wait" : "neutral",
  };
}

/** The countdown to an open appeal's due day, as a coloured word; nothing once it is closed. */
export function AppealCountdown({ countdown }: { countdown: TAppealCountdown }) {
  const { t, locale } = useT();
  const shown = appealCountdownText(t, countdown);
  if (!shown) return null;
  return (
    <time
      dateTime={countdown.dueDay}
      className={`countdown countdown--${shown.tone}`}
      title={t("appeals_screen.list.due", { date: formatDate(locale, countdown.dueDay) })}
      data-testid="appeal-countdown"
    >
      {shown.text}
    </time>
  );
}

/** One of the applicant's appeals in a list: number (the link), status, type and subject, registration, due day. */
export function AppealRow({ a, href }: { a: TAppealListItem; href: string }) {
  const { t, to, locale } = useT();
  const isOpen = a.countdown.daysLeft !== null;
  return (
    <li className="card appeal-row" data-testid="appeal" data-appeal-id={a.id}>
      <div className="card__head">
        <h2 className="card__title">
          <Link to={to(href)}>{t("appeals_screen.item.title", { number: a.number })}</Link>
        </h2>
        <StatusBadge kind="appeal" status={a.status} />
      </div>
      <p className="appeal-row__what">
        <strong>{t(`appeal.type.${a.type}`)}</strong> · {a.subject || t("appeals_screen.list.no_subject")}
      </p>
      <p className="muted">
        {a.akimatName} · {t("appeals_screen.list.registered", { date: formatDate(locale, a.registeredAt, true) })}
      </p>
      <p>
        {isOpen
          ? t("appeals_screen.list.due", { date: formatDate(locale, a.countdown.dueDay) })
          : t("appeals_screen.list.answered_by", { date: formatDate(locale, a.countdown.dueDay) })}{" "}
        <AppealCountdown countdown={a.countdown} />
      </p>
      {a.countdown.isOverdue ? (
        <p className="badge badge--stop appeal-row__overdue" data-testid="appeal-overdue">
          <Icon name="alert" size={16} /> {t("appeals_screen.list.overdue")}
        </p>
      ) : null}
    </li>
  );
}

/** The five kinds of appeal with their one-line explanations, the statement first. */
export function AppealTypes() {
  const { t } = useT();
  return (
    <dl className="appeal-types" data-testid="appeal-types">
      {APPEAL_TYPES.map((type) => (
        <div key={type}>
          <dt className="appeal-types__name">{t(`appeal.type.${type}`)}</dt>
          <dd className="appeal-types__hint">{t(`appeal.type_hint.${type}`)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The law's terms as the applicant needs them: registration, the answer, an extension, a redirection, the receipt. */
export function AppealTerms() {
  const { t } = useT();
  return (
    <ul className="plain-list appeal-terms" data-testid="appeal-terms">
      <li>{t("appeals_screen.about.term_registration")}</li>
      <li>{t("appeals_screen.about.term_answer", { days: APPEAL_TERMS.answerWorkingDays })}</li>
      <li>{t("appeals_screen.about.term_extension", { days: APPEAL_TERMS.extensionNoticeWorkingDays })}</li>
      <li>{t("appeals_screen.about.term_redirect", { days: APPEAL_TERMS.redirectWorkingDays })}</li>
      <li>{t("appeals_screen.about.term_receipt")}</li>
    </ul>
  );
}

/** What an appeal is, its kinds and its terms: the client's `/client/appeal` and a panel of the supplier's list. */
export function AppealExplainer({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useT();
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      <p className="note" data-testid="appeal-signed-in">
        <Icon name="shield" size={18} /> {t("appeals_screen.about.signed_in")}
      </p>
      <H>{t("appeals_screen.about.types_title")}</H>
      <AppealTypes />
      <H>{t("appeals_screen.about.terms_title")}</H>
      <AppealTerms />
    </>
  );
}
