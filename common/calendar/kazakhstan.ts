/**
 * Kazakhstan's production calendar as data, one record per year: the holidays the law makes days
 * off, and the days off the labour ministry moved that year. Kept as data because both change
 * every year (Kurban ait follows the lunar calendar; the transfers are decided each year; the law's
 * list itself changed in 2022 and again in 2026), and checked against the published calendars by
 * `kazakhstan.test.ts`.
 *
 * The rules the data rests on (a five-day week, Monday to Friday, as the akimat works):
 * - Law «О праздниках в Республике Казахстан» (No. 267-II, 13.12.2001), art. 5: the days of the
 *   national and state holidays are days off; when one falls on a Saturday or Sunday, the next
 *   working day after the holiday is a day off instead. `working-days.ts` applies this rule; the
 *   moved days are not listed here.
 * - Labour Code, art. 84 p. 5: the first day of Kurban ait and 7 January (Orthodox Christmas) are
 *   days off, but not holidays of that law: one on a weekend gives no extra day ({@link RELIGIOUS}).
 * - Labour Code, art. 85 p. 3: the day of rest may be moved "for a rational use of working time";
 *   since 2024 by an order of the Minister of Labour and Social Protection (before, by a government
 *   decree). Each transfer makes a Saturday or Sunday a working day and a weekday a day off.
 */
import type { TDay } from "./days.ts";

/** The holidays that are days off, by the name the data uses. */
export const HOLIDAY_NAMES = [
  "new_year",
  "orthodox_christmas",
  "womens_day",
  "constitution_day",
  "nauryz",
  "unity_day",
  "defender_day",
  "victory_day",
  "kurban_ait",
  "capital_day",
  "republic_day",
  "independence_day",
] as const;
export type THolidayName = (typeof HOLIDAY_NAMES)[number];

/** Days off of the Labour Code (art. 84 p. 5), not of the law on holidays: never moved off a weekend. */
export const RELIGIOUS: ReadonlySet<THolidayName> = new Set(["orthodox_christmas", "kurban_ait"]);

/** One transfer of a day of rest: `work` (a Saturday or Sunday) is worked, `rest` (a weekday) is not. */
export type TTransfer = { readonly work: TDay; readonly rest: TDay; readonly act: string };

/** A year of the production calendar. */
export type TCalendarYear = {
  readonly year: number;
  /**
   * `official`: the year's calendar as the ministry published it and the acts that changed it.
   * `provisional`: the law's holidays and its weekend rule only; the year's transfers (and, where
   * noted, Kurban ait) are not known yet — the calendar may still gain days off.
   */
  readonly status: "official" | "provisional";
  /** Every holiday day off of the year, weekends included (the rule needs those too). */
  readonly holidays: readonly (readonly [day: TDay, name: THolidayName])[];
  readonly transfers: readonly TTransfer[];
  /** Where each fact of the year was read. */
  readonly sources: readonly string[];
};

/**
 * The law's fixed holidays as month-day, for the years the data does not cover (see
 * `working-days.ts`): the list in force from 2027 — Constitution Day moved from 30 August to
 * 15 March, the day the new Constitution was adopted by referendum in 2026. Kurban ait moves every
 * year and cannot be derived: such a year counts it as a working day.
 */
export const LAW_FIXED_HOLIDAYS: readonly (readonly [monthDay: string, name: THolidayName])[] = [
  ["01-01", "new_year"],
  ["01-02", "new_year"],
  ["01-07", "orthodox_christmas"],
  ["03-08", "womens_day"],
  ["03-15", "constitution_day"],
  ["03-21", "nauryz"],
  ["03-22", "nauryz"],
  ["03-23", "nauryz"],
  ["05-01", "unity_day"],
  ["05-07", "defender_day"],
  ["05-09", "victory_day"],
  ["07-06", "capital_day"],
  ["10-25", "republic_day"],
  ["12-16", "independence_day"],
];

/** The years whose calendar is known, in order. */
export const CALENDAR_YEARS: readonly TCalendarYear[] = [
  {
    year: 2024,
    status: "official",
    holidays: [
      ["2024-01-01", "new_year"],
      ["2024-01-02", "new_year"],
      ["2024-01-07", "orthodox_christmas"], // a Sunday: no extra day
      ["2024-03-08", "womens_day"],
      ["2024-03-21", "nauryz"],
      ["2024-03-22", "nauryz"],
      ["2024-03-23", "nauryz"], // a Saturday: Monday 25 March off
      ["2024-05-01", "unity_day"],
      ["2024-05-07", "defender_day"],
      ["2024-05-09", "victory_day"],
      // The ministry's calendar had 17 June; the Spiritual Administration of Muslims (DUMK) set
      // 16 June, a Sunday, on 7 June 2024, and the ministry kept 17 June a working day.
      ["2024-06-16", "kurban_ait"],
      ["2024-07-06", "capital_day"], // a Saturday: Monday 8 July off
      ["2024-08-30", "constitution_day"],
      ["2024-10-25", "republic_day"],
      ["2024-12-16", "independence_day"],
    ],
    transfers: [
      {
        work: "2024-05-04",
        rest: "2024-05-08",
        act: "Order of the acting Minister of Labour and Social Protection of 17.04.2024 «О переносе дня отдыха в 2024 году»",
      },
    ],
    sources: [
      "https://aqshamnews.kz/latyn/article/el-turgyndary-biyl-117-kun-demalady.html",
      "https://m.ru.sputniknews.kz/20240418/vykhodnoy-perenesli-s-4-na-8-maya---mintruda-podpisalo-prikaz-43738035.html",
      "https://mail.kz/ru/news/kz-news/perenos-dnya-otdyha-na-maiskie-prazdniki-podpisan-prikaz",
      "https://alau.kz/otmena-vyhodnogo-dnja-na-kurban-ajt-v-mintruda-sdelali-zajavlenie",
    ],
  },
  {
    year: 2025,
    status: "official",
    holidays: [
      ["2025-01-01", "new_year"],
      ["2025-01-02", "new_year"],
      ["2025-01-07", "orthodox_christmas"],
      ["2025-03-08", "womens_day"], // a Saturday: Monday 10 March off
      ["2025-03-21", "nauryz"],
      ["2025-03-22", "nauryz"], // Saturday and Sunday: 24 and 25 March off
      ["2025-03-23", "nauryz"],
      ["2025-05-01", "unity_day"],
      ["2025-05-07", "defender_day"],
      ["2025-05-09", "victory_day"],
      ["2025-06-06", "kurban_ait"],
      ["2025-07-06", "capital_day"], // a Sunday: Monday 7 July off
      ["2025-08-30", "constitution_day"], // a Saturday: Monday 1 September off
      ["2025-10-25", "republic_day"], // a Saturday: Monday 27 October off
      ["2025-12-16", "independence_day"],
    ],
    transfers: [
      {
        work: "2025-01-05",
        rest: "2025-01-03",
        act: "Order of the Minister of Labour and Social Protection No. 436 of 21.11.2024 «О переносе дня отдыха в 2025 году»",
      },
    ],
    sources: [
      "https://pobipb.kz/kalendar-vyxodnyx-i-prazdnichnyx-dnej-na-2025-god",
      "https://www.caravan.kz/amp/news/v-ijune-2025-goda-kazahstancev-ozhidaet-dopolnitelnyj-vyhodnoj-den",
      "https://energy-city.kz/pavlodar/kazahstanczy-poluchat-chetyre-vyhodnyh-dnya-na-novyj-god",
    ],
  },
  {
    year: 2026,
    status: "official",
    holidays: [
      ["2026-01-01", "new_year"],
      ["2026-01-02", "new_year"],
      ["2026-01-07", "orthodox_christmas"],
      ["2026-03-08", "womens_day"], // a Sunday: Monday 9 March off
      ["2026-03-21", "nauryz"], // Saturday and Sunday: 24 and 25 March off
      ["2026-03-22", "nauryz"],
      ["2026-03-23", "nauryz"],
      ["2026-05-01", "unity_day"],
      ["2026-05-07", "defender_day"],
      ["2026-05-09", "victory_day"], // a Saturday: Monday 11 May off
      ["2026-05-27", "kurban_ait"],
      ["2026-07-06", "capital_day"],
      // No Constitution Day: the Constitution adopted by the referendum of 15 March 2026 made that
      // day the holiday, from 2027; the ministry said in March 2026 that 30 August is no longer a
      // holiday this year, so Monday 31 August, in the calendar published in January, is worked.
      ["2026-10-25", "republic_day"], // a Sunday: Monday 26 October off
      ["2026-12-16", "independence_day"],
    ],
    transfers: [],
    sources: [
      "https://www.inform.kz/ru/kak-budut-otdihat-kazahstantsi-v-2026-godu-947dd6",
      "https://alau.kz/perenosy-vyhodnyh-prazdnichnyj-kalendar-kazahstana-na-2026-god/",
      "https://www.zakon.kz/obshestvo/6496885-ramazan2026-oraza-i-kurban-ayt-opublikovan-kalendar-musulmanskikh-prazdnikov-v-kazakhstane.html",
      "https://taspanews.kz/novosti-kazakhstana/v-etom-godu-u-kazakhstantsev-ne-budet-odnogo-vykhodnogo-795514517615",
      "https://www.zakon.kz/obshestvo/6509867-v-minyuste-obyasnili-chto-budet-s-dnem-konstitutsii-30-avgusta.html",
    ],
  },
  {
    // Provisional: no transfer order for 2027 was found; the holidays are the law's list with the
    // new Constitution Day (15 March) and Kurban ait's expected date. Replace with the ministry's
    // calendar when it is published, and mark the year official.
    year: 2027,
    status: "provisional",
    holidays: [
      ["2027-01-01", "new_year"],
      ["2027-01-02", "new_year"], // a Saturday: Monday 4 January off
      ["2027-01-07", "orthodox_christmas"],
      ["2027-03-08", "womens_day"],
      ["2027-03-15", "constitution_day"],
      ["2027-03-21", "nauryz"], // a Sunday: Wednesday 24 March off
      ["2027-03-22", "nauryz"],
      ["2027-03-23", "nauryz"],
      ["2027-05-01", "unity_day"], // a Saturday: Monday 3 May off
      ["2027-05-07", "defender_day"],
      ["2027-05-09", "victory_day"], // a Sunday: Monday 10 May off
      // Expected by the astronomical calendar (10 Dhu al-Hijjah 1448), a Sunday; DUMK announces the
      // date in the autumn before and may move it by a day.
      ["2027-05-16", "kurban_ait"],
      ["2027-07-06", "capital_day"],
      ["2027-10-25", "republic_day"],
      ["2027-12-16", "independence_day"],
    ],
    transfers: [],
    sources: [
      "https://alau.kz/kolichestvo-vyhodnyh-v-kazahstane-mozhet-izmenitsja-posle-referenduma/",
      "https://taspanews.kz/novosti-kazakhstana/v-etom-godu-u-kazakhstantsev-ne-budet-odnogo-vykhodnogo-795514517615",
    ],
  },
];
