/**
 * The receipt of an appeal's registration (талон, APPK art. 64): its number, the date and time of
 * registration, the body that received it, its type, the applicant, the due day, and who accepted
 * it — for an appeal sent through the platform, "registered automatically"; for an oral or phone
 * appeal, the staff member's surname, initials and position. Printed in the appeal's language,
 * the receiving akimat's name too.
 */
import { eq } from "drizzle-orm";
import type { AppealChannel, AppealLanguage, AppealType } from "../../../common/appeals.ts";
import { formatDate, translate } from "../../../common/i18n.ts";
import type { Queryable } from "../../db/client.ts";
import { printFooter, renderPdf, type TPrintDoc, type TPrintField } from "../../lib/pdf.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { akimats } from "../users/organisations.tables.ts";
import { users } from "../users/users.tables.ts";
import { appealMachine } from "./appeals.machine.ts";

/** What the receipt prints. */
export type TReceiptData = {
  number: string;
  language: AppealLanguage;
  registeredAt: Date;
  /** The receiving akimat's name in the appeal's language. */
  body: string;
  type: AppealType;
  channel: AppealChannel;
  subject: string;
  applicantName: string;
  applicantOrg: string | null;
  dueDay: string;
  /** Who took an oral or phone appeal; null when it came through the platform. */
  acceptedBy: { surname: string; name: string; patronymic: string; position: string } | null;
};

/** «Жұмабаев Е. М.»: the surname and the initials, as a receipt names an official. */
export function surnameInitials(p: { surname: string; name: string; patronymic: string }): string {
  const initials = [p.name, p.patronymic]
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => `${s[0]?.toUpperCase()}.`)
    .join(" ");
  return initials ? `${p.surname} ${initials}` : p.surname;
}

export function receiptDoc(d: TReceiptData, issuedAt: Date): TPrintDoc {
  const locale = d.language;
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(locale, `documents.appeal_receipt.${key}`, params);
  const brand = translate(locale, "brand.name");
  const appeal: TPrintField[] = [
    { label: t("number"), value: d.number },
    { label: t("registered_at"), value: formatDate(locale, d.registeredAt, true) },
    { label: t("body"), value: d.body },
    { label: t("type"), value: translate(locale, `appeal.type.${d.type}`) },
    { label: t("channel"), value: translate(locale, `appeal.channel.${d.channel}`) },
    ...(d.subject ? [{ label: t("subject"), value: d.subject }] : []),
    {
      label: t("accepted_by"),
      value: d.acceptedBy
        ? t("accepted_staff", { name: surnameInitials(d.acceptedBy), position: d.acceptedBy.position })
        : t("accepted_auto", { brand }),
    },
  ];
  const applicant: TPrintField[] = [
    { label: t("applicant"), value: d.applicantName },
    ...(d.applicantOrg ? [{ label: t("org"), value: d.applicantOrg }] : []),
  ];
  return {
    locale,
    title: t("title"),
    subtitle: t("subtitle", { number: d.number, date: formatDate(locale, d.registeredAt) }),
    sections: [
      { heading: t("section_appeal"), fields: appeal },
      { heading: t("section_applicant"), fields: applicant },
      {
        heading: t("section_term"),
        fields: [{ label: t("due"), value: t("due_value", { date: formatDate(locale, d.dueDay) }) }],
      },
    ],
    note: t("note"),
    footer: printFooter(locale, issuedAt),
    issuedAt,
  };
}

/** The receipt of an appeal the caller reaches (404 otherwise), as a PDF with its file name. */
export async function appealReceipt(
  db: Queryable,
  caller: TSessionUser,
  id: number,
  issuedAt: Date,
): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await appealMachine.load(db, caller, id);
  const [akimat] = await db.select().from(akimats).where(eq(akimats.id, row.akimatId));
  const [accepted] = row.receivedBy ? await db.select().from(users).where(eq(users.id, row.receivedBy)) : [];
  const data: TReceiptData = {
    number: row.number,
    language: row.language,
    registeredAt: row.registeredAt,
    body: (row.language === "kk" ? akimat?.nameKk : akimat?.nameRu) ?? "",
    type: row.type,
    channel: row.channel,
    subject: row.subject,
    applicantName: row.applicantName,
    applicantOrg: row.applicantOrg,
    // The receipt states the statutory term; an extension is told separately.
    dueDay: row.dueDay,
    acceptedBy: accepted ?? null,
  };
  return {
    pdf: await renderPdf(receiptDoc(data, issuedAt)),
    fileName: translate(row.language, "documents.appeal_receipt.file_name", { number: row.number }),
  };
}
