import type { TAppealCountdown } from "../../common/appeal-deadlines.ts";
import { formatDate } from "../../common/i18n.ts";
import { useT } from "../lib/hooks.ts";
import { Icon } from "./icon.tsx";

/**
 * An appeal's term as both sides read it: the due day in force and the working days left
 * («осталось 3 рабочих дня»), «сегодня последний день», or overdue in red — never colour alone.
 */
export function AppealDue({ countdown, compact }: { countdown: TAppealCountdown; compact?: boolean }) {
  const { t, locale } = useT();
  const day = formatDate(locale, countdown.dueDay);
  if (countdown.daysLeft === null) {
    return (
      <span className="appeal-due" data-testid="appeal-due">
        {compact ? day : t("appeal_due.was_due", { date: day })}
      </span>
    );
  }
  const left = countdown.daysLeft;
  const text = countdown.isOverdue
    ? t("appeal_due.overdue", { date: day, count: -left })
    : left === 0
      ? t("appeal_due.today", { date: day })
      : t("appeal_due.left", { date: day, count: left });
  const tone = countdown.isOverdue ? " appeal-due--overdue" : countdown.isDueSoon ? " appeal-due--soon" : "";
  return (
    <span className={`appeal-due${tone}`} data-testid="appeal-due" data-overdue={countdown.isOverdue || undefined}>
      {countdown.isOverdue || countdown.isDueSoon ? (
        <Icon name={countdown.isOverdue ? "alert" : "clock"} size={16} />
      ) : null}{" "}
      {text}
    </span>
  );
}
