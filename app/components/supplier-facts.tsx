import type { TSupplier } from "../../common/api-types.ts";
import { formatDate } from "../../common/i18n.ts";
import { formatPhone } from "../../common/phone.ts";
import { useT } from "../lib/hooks.ts";

/** A company's registration facts, as the admin reviews them and the supplier sees them. */
export function SupplierFacts({ supplier: s }: { supplier: TSupplier }) {
  const { t, locale } = useT();
  return (
    <dl className="facts">
      <dt>{t("register.bin")}</dt>
      <dd>{s.bin}</dd>
      <dt>{t("register.head")}</dt>
      <dd>{s.headName}</dd>
      <dt>{t("register.city")}</dt>
      <dd>{s.city}</dd>
      <dt>{t("common.phone")}</dt>
      <dd>{s.phone ? formatPhone(s.phone) : "—"}</dd>
      <dt>{t("admin.suppliers.vat")}</dt>
      <dd>{s.isVatPayer ? t("common.yes") : t("common.no")}</dd>
      <dt>{t("admin.suppliers.registered")}</dt>
      <dd>{formatDate(locale, s.createdAt)}</dd>
    </dl>
  );
}
