/**
 * The burial request's printed documents and the crew's calendar, as pure functions of plain data
 * and a locale: the booking's confirmation, the grave's certificate and the day's schedule (PDF),
 * and a cemetery's calendar feed (iCalendar, RFC 5545). Each PDF is first described as a
 * {@link TPrintDoc} (title, labelled fields, a table, a QR code), which `renderPdf`
 * (`server/lib/pdf.ts`) lays out; the tests read both the description and the text of the
 * rendered file.
 */
import { ALMATY, almatyDay, almatyInstant } from "../../../common/calendar/almaty.ts";
import { placesText, placeText } from "../../../common/place-text.ts";
import { fullName } from "../../../common/person.ts";
import { printFooter, renderPdf, type TPrintDoc, type TPrintField } from "../../lib/pdf.ts";
import { slotEnd, type TBurialRequest, type TSchedule, type TScheduleItem } from "../../../common/booking.ts";
import { formatDate, formatMoney, translate } from "../../../common/i18n.ts";
import type { Locale } from "../../../common/locale.ts";
import { formatCoordinates, placeLink } from "../../../common/map-links.ts";

// ---------- What the documents say ----------

type TField = TPrintField;

type TPlace = { sector: string; row: string; number: number; lat: number | null; lng: number | null };

const tr = (locale: Locale) => (key: string, params?: Record<string, string | number>) =>
  translate(locale, `documents.${key}`, params);

/** `24.11.2026` from a local date (`2026-11-24`) or an instant (Almaty time). */
const day = (locale: Locale, value: string | Date) => formatDate(locale, value);

/** The product's translator of a locale, as `placesText` takes it. */
const words = (locale: Locale) => (key: string, params?: Record<string, string | number>) =>
  translate(locale, key, params);

/** The QR code of a grave's point (the first place of a request), or none when the place has no coordinates. */
function qrOf(locale: Locale, place: TPlace | undefined): TPrintDoc["qr"] {
  if (!place || place.lat === null || place.lng === null) return undefined;
  const t = tr(locale);
  const point: [number, number] = [place.lng, place.lat];
  return {
    url: placeLink(point),
    caption: t("map.caption", { coordinates: formatCoordinates(point) }),
    hint: t("map.scan"),
  };
}

const footer = printFooter;

/** What the confirmation needs of a request: its answer from the API (`getBurialRequest`). */
export type TConfirmationData = Pick<
  TBurialRequest,
  | "number"
  | "status"
  | "kind"
  | "remains"
  | "surname"
  | "name"
  | "patronymic"
  | "birthDate"
  | "deathDate"
  | "cemeteryName"
  | "cemeteryAddress"
  | "places"
  | "familyGrave"
  | "burialDate"
  | "burialTime"
  | "fee"
  | "paymentMethod"
  | "paidAt"
  | "paymentRef"
  | "expiresAt"
  | "createdAt"
>;

function kindText(
  locale: Locale,
  r: Pick<TConfirmationData, "kind" | "remains"> & { places: readonly unknown[] },
): string {
  const t = tr(locale);
  const parts = [t(`kind.${r.kind}`)];
  if (r.kind === "family_grave") parts.push(t(`remains.${r.remains}`));
  if (r.kind === "new_grave" && r.places.length > 1) parts.push(t("places_count", { n: r.places.length }));
  return parts.join(", ");
}

function familyGraveText(locale: Locale, g: { name: string; lastBurial: string | null }): string {
  const t = tr(locale);
  return g.lastBurial ? `${g.name} (${t("schedule.last_burial", { date: day(locale, g.lastBurial) })})` : g.name;
}

/** The booking's confirmation: the family's proof of the booking, and what is still to pay. */
export function confirmationDoc(r: TConfirmationData, locale: Locale, issuedAt: Date): TPrintDoc {
  const t = tr(locale);
  const none = "—";
  const burial: TField[] = [
    { label: t("field.kind"), value: kindText(locale, r) },
    ...(r.familyGrave ? [{ label: t("field.family_grave"), value: familyGraveText(locale, r.familyGrave) }] : []),
    {
      label: t("field.burial_time"),
      value: r.burialDate && r.burialTime ? `${day(locale, r.burialDate)}, ${r.burialTime}` : t("not_chosen"),
    },
  ];
  let payment: string;
  if (r.paidAt && r.paymentMethod) {
    const paid = t("confirmation.paid", {
      method: t(`payment_method.${r.paymentMethod}`),
      date: day(locale, new Date(r.paidAt)),
    });
    payment = r.paymentRef ? t("confirmation.receipt", { paid, ref: r.paymentRef }) : paid;
  } else {
    payment = t("confirmation.to_pay_by", { date: formatDate(locale, new Date(r.expiresAt), true) });
  }
  return {
    locale,
    title: t("confirmation.title"),
    subtitle: t("request_of", { number: r.number, date: day(locale, new Date(r.createdAt)) }),
    sections: [
      {
        heading: t("section.deceased"),
        fields: [
          { label: t("field.full_name"), value: fullName(r) },
          { label: t("field.birth_date"), value: r.birthDate ? day(locale, r.birthDate) : none },
          { label: t("field.death_date"), value: day(locale, r.deathDate) },
        ],
      },
      {
        heading: t("section.cemetery"),
        fields: [
          { label: t("field.cemetery"), value: r.cemeteryName },
          ...(r.cemeteryAddress ? [{ label: t("field.address"), value: r.cemeteryAddress }] : []),
          { label: t("field.places"), value: placesText(words(locale), r.places) || none },
        ],
      },
      { heading: t("section.burial"), fields: burial },
      {
        heading: t("section.payment"),
        fields: [
          { label: t("field.status"), value: t(`status.${r.status}`) },
          { label: t("field.fee"), value: formatMoney(locale, r.fee) },
          { label: t("field.payment"), value: payment },
        ],
      },
    ],
    qr: qrOf(locale, r.places[0]),
    note: t("confirmation.note"),
    footer: footer(locale, issuedAt),
    issuedAt,
  };
}

/** What the grave's certificate shows (a burial record completed through a request). */
export type TCertificateData = {
  number: string;
  surname: string;
  name: string;
  patronymic: string;
  birthDate: string | null;
  deathDate: string | null;
  burialDate: string | null;
  cemeteryName: string;
  cemeteryAddress: string;
  place: TPlace;
  responsible: string;
  /** The hand-over it was re-issued on, when the grave changed hands. */
  reissued: { number: string; on: Date } | null;
};

/** The certificate of a burial (удостоверение о захоронении), issued to the grave's responsible person. */
export function certificateDoc(d: TCertificateData, locale: Locale, issuedAt: Date): TPrintDoc {
  const t = tr(locale);
  const none = "—";
  return {
    locale,
    title: t("certificate.title"),
    subtitle: `№ ${d.number}`,
    sections: [
      {
        heading: t("section.deceased"),
        fields: [
          { label: t("field.full_name"), value: fullName(d) },
          { label: t("field.birth_date"), value: d.birthDate ? day(locale, d.birthDate) : none },
          { label: t("field.death_date"), value: d.deathDate ? day(locale, d.deathDate) : none },
          { label: t("field.burial_date"), value: d.burialDate ? day(locale, d.burialDate) : none },
        ],
      },
      {
        heading: t("section.cemetery"),
        fields: [
          { label: t("field.cemetery"), value: d.cemeteryName },
          ...(d.cemeteryAddress ? [{ label: t("field.address"), value: d.cemeteryAddress }] : []),
          { label: t("field.places"), value: placeText(words(locale), d.place) },
        ],
      },
      {
        heading: t("section.burial"),
        fields: [
          { label: t("field.responsible"), value: d.responsible || none },
          { label: t("field.request"), value: d.number },
          ...(d.reissued
            ? [
                {
                  label: t("field.reissued"),
                  value: t("certificate.reissued", { date: day(locale, d.reissued.on), number: d.reissued.number }),
                },
              ]
            : []),
          { label: t("field.issued_on"), value: day(locale, issuedAt) },
        ],
      },
    ],
    qr: qrOf(locale, d.place),
    note: t("certificate.note"),
    footer: footer(locale, issuedAt),
    issuedAt,
  };
}

function scheduleNote(locale: Locale, item: TScheduleItem): string {
  return item.familyGrave
    ? tr(locale)("schedule.family_grave", { name: familyGraveText(locale, item.familyGrave) })
    : "";
}

/** A cemetery's burials of one day, as a table for the crew (landscape). */
export function scheduleDoc(d: TSchedule, locale: Locale, issuedAt: Date): TPrintDoc {
  const t = tr(locale);
  return {
    locale,
    title: t("schedule.title", { date: day(locale, d.date) }),
    subtitle: d.cemeteryName,
    sections: [],
    table: {
      columns: [
        { label: t("schedule.col.time"), width: 0.1 },
        { label: t("schedule.col.number"), width: 0.11 },
        { label: t("schedule.col.deceased"), width: 0.2 },
        { label: t("schedule.col.place"), width: 0.18 },
        { label: t("schedule.col.kind"), width: 0.13 },
        { label: t("schedule.col.status"), width: 0.1 },
        { label: t("schedule.col.note"), width: 0.18 },
      ],
      rows: d.items.map((i) => [
        `${i.time}–${i.endTime}`,
        i.number,
        i.deceased,
        placesText(words(locale), i.places),
        kindText(locale, i),
        t(`status.${i.status}`),
        scheduleNote(locale, i),
      ]),
      empty: t("schedule.empty"),
      total: t("schedule.total", { n: d.items.length }),
    },
    footer: footer(locale, issuedAt),
    landscape: true,
    issuedAt,
  };
}

export { renderPdf, type TPrintDoc };

export const confirmationPdf = (r: TConfirmationData, locale: Locale, issuedAt: Date) =>
  renderPdf(confirmationDoc(r, locale, issuedAt));
export const certificatePdf = (d: TCertificateData, locale: Locale, issuedAt: Date) =>
  renderPdf(certificateDoc(d, locale, issuedAt));
export const schedulePdf = (d: TSchedule, locale: Locale, issuedAt: Date) =>
  renderPdf(scheduleDoc(d, locale, issuedAt));

// ---------- The crew's calendar (iCalendar) ----------

/** One burial of the feed. */
export type TCalendarEvent = {
  id: number;
  number: string;
  status: "paid" | "confirmed";
  kind: TScheduleItem["kind"];
  remains: TScheduleItem["remains"];
  surname: string;
  deceased: string;
  burialDate: string;
  burialTime: string;
  places: TPlace[];
  familyGrave: TScheduleItem["familyGrave"];
  updatedAt: Date;
};

export type TCalendarData = {
  cemeteryName: string;
  slotMinutes: number;
  /** The product's address: the events' UIDs are made unique with its host, their links point at it. */
  publicUrl: string;
  events: TCalendarEvent[];
};

/** A TEXT value escaped (RFC 5545 §3.3.11): backslash, semicolon, comma, and line breaks as `\n`. */
export function icsEscape(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line to lines of at most 75 octets (RFC 5545 §3.1): each continuation starts
 * with one space, which counts. Never inside a UTF-8 sequence (Cyrillic letters are two octets).
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch, "utf8");
    const limit = out.length === 0 ? 75 : 74;
    if (octets + n > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += n;
  }
  out.push(current);
  return out.join("\r\n ");
}

/** `20261124T100000` from a local date and time. */
const localStamp = (date: string, time: string) => `${date.replace(/-/g, "")}T${time.replace(":", "")}00`;
/** `20261123T060000Z` from an instant. */
const utcStamp = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

/**
 * A cemetery's calendar feed: the time zone of the cemeteries (UTC+5 all year, no summer time)
 * and one event per paid or confirmed burial (tentative until the cemetery confirms it), in
 * Russian, the crew's working language. An event's UID stays the same for its request, so
 * calendar apps update it in place when its time changes.
 */
export function calendarFeed(d: TCalendarData): string {
  const t = tr("ru");
  const host = new URL(d.publicUrl).host;
  const lines: string[] = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${host}//burials//RU`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icsEscape(t("calendar.name", { cemetery: d.cemeteryName }))}`,
    `X-WR-TIMEZONE:${ALMATY}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
    "BEGIN:VTIMEZONE",
    `TZID:${ALMATY}`,
    "BEGIN:STANDARD",
    "DTSTART:19700101T000000",
    "TZOFFSETFROM:+0500",
    "TZOFFSETTO:+0500",
    "TZNAME:+05",
    "END:STANDARD",
    "END:VTIMEZONE",
  ];
  for (const e of d.events) {
    const place = placesText(words("ru"), e.places);
    const description = [
      e.deceased,
      `${t("field.kind")}: ${kindText("ru", e)}`,
      ...(place ? [`${t("field.places")}: ${place}`] : []),
      ...(e.familyGrave ? [`${t("field.family_grave")}: ${familyGraveText("ru", e.familyGrave)}`] : []),
      `${t("field.status")}: ${t(`status.${e.status}`)}`,
    ].join("\n");
    const first = e.places[0];
    lines.push(
      "BEGIN:VEVENT",
      `UID:burial-request-${e.id}@${host}`,
      `DTSTAMP:${utcStamp(e.updatedAt)}`,
      `LAST-MODIFIED:${utcStamp(e.updatedAt)}`,
      `DTSTART;TZID=${ALMATY}:${localStamp(e.burialDate, e.burialTime)}`,
      `DTEND;TZID=${ALMATY}:${endStamp(e.burialDate, e.burialTime, d.slotMinutes)}`,
      `SUMMARY:${icsEscape(t("calendar.summary", { number: e.number, surname: e.surname }))}`,
      `LOCATION:${icsEscape([d.cemeteryName, place].filter(Boolean).join(", "))}`,
      `DESCRIPTION:${icsEscape(description)}`,
      ...(first && first.lat !== null && first.lng !== null
        ? [`GEO:${first.lat.toFixed(6)};${first.lng.toFixed(6)}`]
        : []),
      `URL:${d.publicUrl}/manager/booking/${e.id}`,
      `STATUS:${e.status === "confirmed" ? "CONFIRMED" : "TENTATIVE"}`,
      "TRANSP:OPAQUE",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** The local end of a slot (`20261124T110000`); a slot running past midnight ends on the next day. */
function endStamp(date: string, time: string, slotMinutes: number): string {
  const end = almatyInstant(date, time).getTime() + slotMinutes * 60_000;
  const endDate = almatyDay(new Date(end));
  const sinceMidnight = Math.round((end - almatyInstant(endDate, "00:00").getTime()) / 60_000);
  return localStamp(endDate, slotEnd("00:00", sinceMidnight));
}
