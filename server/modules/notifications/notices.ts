import type { TLink } from "../../../common/route-table.ts";

declare const noticeKind: unique symbol;
/** A kind of notification, made only by `defineNotices`: a module's own, with its parameters. */
export type TNoticeKind = string & { readonly [noticeKind]: true };

/** A value of a notice's text: one for both languages, or each language's own (a cemetery's name). */
export type TNoticeParam = string | number | { ru: string; kk: string };

/**
 * Whom a change is told, and what: an in-app notification, and an SMS of the same words when
 * `sms` is set. Made by a module's notices (`defineNotices`), never by hand: the kind exists, its
 * parameters are the ones its text names, and its link is a page of the route table.
 */
export type TNotice = {
  userId: number;
  kind: TNoticeKind;
  /** Stored as the text reads them: a value of each language as `name_ru` and `name_kk`. */
  params: Record<string, string | number>;
  link: TLink | null;
  sms?: boolean;
};

/** `reason?` → optional `reason`. */
type Required_<P extends string> = P extends `${string}?` ? never : P;
type Optional_<P extends string> = P extends `${infer N}?` ? N : never;
export type TNoticeParams<P extends string> = { [K in Required_<P>]: TNoticeParam } & {
  [K in Optional_<P>]?: TNoticeParam | null;
};

/** What a notice says and where it leads, whoever reads it (a phone with no account: `tellPhone`). */
export type TNoticeContent = Pick<TNotice, "kind" | "params" | "link">;

/** A notice of one kind for one person; `content` for a reader who is not a user. */
export type TNoticeMaker<P extends string> = ((
  userId: number,
  params: TNoticeParams<P>,
  opts?: { link?: TLink | null; sms?: boolean },
) => TNotice) & {
  readonly kind: TNoticeKind;
  readonly params: readonly string[];
  content(params: TNoticeParams<P>, link?: TLink | null): TNoticeContent;
};

const KINDS = new Map<string, readonly string[]>();

/**
 * A module's kinds of notification, each with the names of its text's parameters (`reason?` for
 * one that may be missing). The text is `notifications.kind.<kind>` in both catalogs; a test reads
 * every module's notices (`*.notices.ts`) and checks that each kind has its text in Russian and in
 * Kazakh, naming only its parameters, and that no two modules use one kind.
 *
 * ```ts
 * export const burialNotices = defineNotices({ burial_paid: ["number"], burial_cancelled: ["number", "reason?"] });
 * burialNotices.burial_paid(row.clientId, { number }, { link: linkTo("client-ticket", { id: row.id }), sms: true });
 * ```
 */
export function defineNotices<const D extends Record<string, readonly string[]>>(
  defs: D,
): { [K in keyof D & string]: TNoticeMaker<D[K][number]> } {
  const out: Record<string, TNoticeMaker<string>> = {};
  for (const [kind, names] of Object.entries(defs)) {
    const known = KINDS.get(kind);
    if (known && known.join() !== names.join()) throw new Error(`notice kind ${kind} is defined twice`);
    KINDS.set(kind, names);
    const plain = names.map((n) => n.replace(/\?$/, ""));
    const content = (params: Record<string, TNoticeParam | null | undefined>, link: TLink | null = null) => {
      const stored: Record<string, string | number> = {};
      for (const name of plain) {
        const v = params[name];
        if (v === undefined || v === null) continue;
        if (typeof v === "object") {
          stored[`${name}_ru`] = v.ru;
          stored[`${name}_kk`] = v.kk;
        } else stored[name] = v;
      }
      return { kind: kind as TNoticeKind, params: stored, link };
    };
    const make = (
      userId: number,
      params: Record<string, TNoticeParam | null | undefined>,
      opts: { link?: TLink | null; sms?: boolean } = {},
    ) => ({ userId, ...content(params, opts.link), ...(opts.sms ? { sms: true } : {}) });
    out[kind] = Object.assign(make, { kind: kind as TNoticeKind, params: names, content });
  }
  return out as unknown as { [K in keyof D & string]: TNoticeMaker<D[K][number]> };
}

/** Every kind defined so far, with its parameters (the modules that were loaded). */
export function definedNotices(): ReadonlyMap<string, readonly string[]> {
  return KINDS;
}
