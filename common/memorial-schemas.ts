import { z } from "zod";
import { ZUploadFile } from "./api-schemas.ts";
import {
  ACCESS_MOVES,
  ACCESS_STATUSES,
  CLAIM_MOVES,
  CLAIM_RELATIONS,
  CLAIM_STATUSES,
  MEMBER_ROLES,
  MEMORIAL_VISIBILITIES,
  SUGGESTION_KINDS,
  SUGGESTION_MOVES,
  SUGGESTION_STATUSES,
  TRIBUTE_KINDS,
  TRIBUTE_MOVES,
  TRIBUTE_STATUSES,
} from "./memorials.ts";

/**
 * The memorials' answers as zod schemas (the routes declare their responses with them, the OpenAPI
 * document names them); the service and the screens share the inferred types. Screens import the
 * types only, so no page loads zod for them.
 */

const ZLang = z.enum(["ru", "kk"]);
/** A text in the reader's language, or the other's when empty (`lang` says which). */
const ZLocalized = z.object({ value: z.string(), lang: ZLang });

/** The person of a burial record, as the memorial shows them (never the IIN). */
export const ZMemorialPerson = z
  .object({
    surname: z.string(),
    name: z.string(),
    patronymic: z.string(),
    birthDate: z.string().nullable(),
    deathDate: z.string().nullable(),
    birthYear: z.number().nullable(),
    deathYear: z.number().nullable(),
  })
  .meta({ id: "MemorialPerson" });
export type TMemorialPerson = z.infer<typeof ZMemorialPerson>;

/** Where the grave is (the public registry's card of the same burial). */
export const ZMemorialGraveAt = z
  .object({
    burialId: z.number(),
    cemetery: z.string(),
    sector: z.string(),
    row: z.string(),
    place: z.string(),
  })
  .meta({ id: "MemorialGraveAt" });

/** A tribute as visitors read it: the author's first name and initial only. */
export const ZTributeShown = z
  .object({
    id: z.number(),
    kind: z.enum(TRIBUTE_KINDS),
    text: z.string(),
    author: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "TributeShown" });
export type TTributeShown = z.infer<typeof ZTributeShown>;

/** A memorial's page as a visitor reads it (public, or by its link). */
export const ZMemorialPage = z
  .object({
    access: z.literal("open"),
    id: z.number(),
    visibility: z.enum(MEMORIAL_VISIBILITIES),
    /** Hidden from search engines: the page carries `robots: noindex` and no preview tags. */
    isIndexable: z.boolean(),
    person: ZMemorialPerson,
    grave: ZMemorialGraveAt,
    epitaph: ZLocalized,
    biography: ZLocalized,
    achievements: z.object({ items: z.array(z.string()), lang: ZLang }),
    videos: z.array(z.object({ url: z.string(), host: z.string() })),
    portrait: ZUploadFile.nullable(),
    photos: z.array(ZUploadFile),
    tributes: z.array(ZTributeShown),
    /** The caller's own tributes not shown yet: "waiting" (pending or hidden alike). */
    waiting: z.array(ZTributeShown),
    /** The tributes the caller reported (no second report). */
    reported: z.array(z.number()),
    /** The memorial's management page, when the caller manages it. */
    canManage: z.boolean(),
    isSignedIn: z.boolean(),
  })
  .meta({ id: "MemorialPage" });
export type TMemorialPage = z.infer<typeof ZMemorialPage>;

/** A private memorial reached by its code: nothing about the person, only how to ask for access. */
export const ZMemorialPrivate = z
  .object({
    access: z.literal("private"),
    isSignedIn: z.boolean(),
    /** The caller's request: none yet, waiting, or declined (shown as waiting: the decline is not told bluntly). */
    requested: z.boolean(),
  })
  .meta({ id: "MemorialPrivate" });
export type TMemorialPrivate = z.infer<typeof ZMemorialPrivate>;

export const ZMemorialByCode = z.discriminatedUnion("access", [ZMemorialPage, ZMemorialPrivate]);
export type TMemorialByCode = z.infer<typeof ZMemorialByCode>;

/** A tribute in the managers' queue. */
export const ZTributeQueued = ZTributeShown.extend({
  status: z.enum(TRIBUTE_STATUSES),
  reportCount: z.number(),
  moves: z.array(z.enum(TRIBUTE_MOVES)),
}).meta({ id: "TributeQueued" });
export type TTributeQueued = z.infer<typeof ZTributeQueued>;

export const ZSuggestion = z
  .object({
    id: z.number(),
    kind: z.enum(SUGGESTION_KINDS),
    text: z.string(),
    photos: z.array(ZUploadFile),
    status: z.enum(SUGGESTION_STATUSES),
    author: z.string(),
    createdAt: z.string(),
    moves: z.array(z.enum(SUGGESTION_MOVES)),
  })
  .meta({ id: "MemorialSuggestion" });
export type TSuggestion = z.infer<typeof ZSuggestion>;

export const ZAccessRequest = z
  .object({
    id: z.number(),
    name: z.string(),
    message: z.string(),
    status: z.enum(ACCESS_STATUSES),
    createdAt: z.string(),
    moves: z.array(z.enum(ACCESS_MOVES)),
  })
  .meta({ id: "MemorialAccessRequest" });
export type TAccessRequest = z.infer<typeof ZAccessRequest>;

export const ZMemorialMember = z
  .object({
    id: z.number(),
    phone: z.string(),
    name: z.string().nullable(),
    role: z.enum(MEMBER_ROLES),
    isAccepted: z.boolean(),
  })
  .meta({ id: "MemorialMember" });
export type TMemorialMember = z.infer<typeof ZMemorialMember>;

/** A memorial as its managers read it: everything it holds, its queues, its people. */
export const ZMemorialManage = z
  .object({
    id: z.number(),
    /** `/m/<code>`: the permanent short address (its QR code encodes it). */
    shortPath: z.string(),
    visibility: z.enum(MEMORIAL_VISIBILITIES),
    noindex: z.boolean(),
    /** `owner` (the responsible person or a verified relative) or a co-`manager`. */
    role: z.enum(["owner", "manager"]),
    /** Whether the caller may make it public now (the 40-day rule). */
    mayPublish: z.boolean(),
    isRecent: z.boolean(),
    person: ZMemorialPerson,
    grave: ZMemorialGraveAt,
    epitaphRu: z.string(),
    epitaphKk: z.string(),
    biographyRu: z.string(),
    biographyKk: z.string(),
    achievementsRu: z.array(z.string()),
    achievementsKk: z.array(z.string()),
    videoLinks: z.array(z.string()),
    portraitId: z.string().nullable(),
    photos: z.array(ZUploadFile),
    members: z.array(ZMemorialMember),
    tributes: z.array(ZTributeQueued),
    suggestions: z.array(ZSuggestion),
    accessRequests: z.array(ZAccessRequest),
    updatedAt: z.string(),
  })
  .meta({ id: "MemorialManage" });
export type TMemorialManage = z.infer<typeof ZMemorialManage>;

/** A grave the caller may make a memorial of (or has asked to). */
export const ZMemorialGrave = z
  .object({
    burialId: z.number(),
    person: ZMemorialPerson,
    cemetery: z.string(),
    /** The grave's responsible person (else a verified relative). */
    isResponsible: z.boolean(),
    isVerified: z.boolean(),
    isRecent: z.boolean(),
    memorialId: z.number().nullable(),
    claim: z.object({ id: z.number(), status: z.enum(CLAIM_STATUSES), reason: z.string().nullable() }).nullable(),
  })
  .meta({ id: "MemorialGrave" });
export type TMemorialGrave = z.infer<typeof ZMemorialGrave>;

/** `/client/memorial`: my memorials, the graves I may make one of, my invitations and requests. */
export const ZMyMemorials = z
  .object({
    memorials: z.array(
      z.object({
        id: z.number(),
        person: ZMemorialPerson,
        visibility: z.enum(MEMORIAL_VISIBILITIES),
        noindex: z.boolean(),
        role: z.enum(["owner", "manager"]),
        shortPath: z.string(),
        waiting: z.object({ tributes: z.number(), suggestions: z.number(), access: z.number() }),
      }),
    ),
    graves: z.array(ZMemorialGrave),
    invitations: z.array(z.object({ id: z.number(), person: ZMemorialPerson, role: z.enum(MEMBER_ROLES) })),
  })
  .meta({ id: "MyMemorials" });
export type TMyMemorials = z.infer<typeof ZMyMemorials>;

/** A relative's request to be verified, as the cemetery's manager reads it. */
export const ZMemorialClaim = z
  .object({
    id: z.number(),
    status: z.enum(CLAIM_STATUSES),
    relation: z.enum(CLAIM_RELATIONS),
    reason: z.string().nullable(),
    person: ZMemorialPerson,
    grave: ZMemorialGraveAt,
    claimant: z.object({ name: z.string(), phone: z.string() }),
    documents: z.array(ZUploadFile),
    createdAt: z.string(),
    moves: z.array(z.enum(CLAIM_MOVES)),
  })
  .meta({ id: "MemorialClaim" });
export type TMemorialClaim = z.infer<typeof ZMemorialClaim>;
export const ZMemorialClaimList = z.object({ items: z.array(ZMemorialClaim) }).meta({ id: "MemorialClaimList" });

/** The public memorials of some burials (the grave card's and the search results' links). */
export const ZMemorialLinks = z
  .object({ items: z.array(z.object({ burialId: z.number(), id: z.number() })) })
  .meta({ id: "MemorialLinks" });
/** The sitemap's memorials: public and not hidden from search engines. */
export const ZMemorialSitemap = z
  .object({ items: z.array(z.object({ id: z.number(), updatedAt: z.string() })) })
  .meta({ id: "MemorialSitemap" });
export const ZMemorialCreated = z.object({ id: z.number(), shortPath: z.string() }).meta({ id: "MemorialCreated" });
export const ZCreatedId = z.object({ id: z.number() }).meta({ id: "MemorialCreatedId" });
