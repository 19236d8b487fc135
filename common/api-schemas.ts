import { z } from "zod";
import { NEWS_CATEGORY_VALUES, NEWS_MOVES, NEWS_STATUSES, SUPPLIER_MOVES, SUPPLIER_STATUSES } from "./api-types.ts";

/**
 * The API's answers as zod schemas: the routes declare their responses with them (and so the
 * OpenAPI document, where `meta({ id })` names the component), and `api-types.ts` infers the types
 * the server's services and the screens share from them. Answers of the booking module live in
 * `booking.ts`. Screens import these only as types (`api-types.ts`), so no page loads zod for them.
 */

export const ZUploadFile = z
  .object({ id: z.string(), url: z.string(), name: z.string(), size: z.number(), type: z.string() })
  .meta({ id: "UploadFile" });

export const ZSessionUser = z
  .object({
    id: z.number(),
    phone: z.string(),
    role: z.enum(["client", "supplier", "manager", "akimat", "admin"]),
    surname: z.string(),
    name: z.string(),
    patronymic: z.string(),
    fullName: z.string(),
    akimatId: z.number().nullable(),
    akimatRole: z.enum(["admin", "employee"]).nullable(),
    supplierId: z.number().nullable(),
    locale: z.enum(["ru", "kk"]),
  })
  .meta({ id: "SessionUser" });

export const ZLoginResult = z
  .object({
    role: ZSessionUser.shape.role.nullable(),
    user: ZSessionUser.nullable(),
    registrationToken: z.string().optional().meta({
      description: "Present when the phone has no account: pass it to a registration call.",
    }),
  })
  .meta({ id: "LoginResult" });

/** A registration's answer: the new account, signed in. */
export const ZSignedIn = z.object({ role: ZSessionUser.shape.role, user: ZSessionUser }).meta({ id: "SignedIn" });

export const ZEmployee = z
  .object({
    id: z.number(),
    phone: z.string(),
    surname: z.string(),
    name: z.string(),
    patronymic: z.string(),
    position: z.string(),
    akimatRole: z.enum(["admin", "employee"]),
    status: z.enum(["invited", "active"]),
    lastLoginAt: z.string().nullable(),
  })
  .meta({ id: "Employee" });

export const ZAkimat = z
  .object({
    id: z.number(),
    nameRu: z.string(),
    nameKk: z.string(),
    city: z.string(),
    address: z.string(),
    phone: z.string(),
    employeeCount: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: "Akimat" });

export const ZPublicAkimat = z
  .object({ id: z.number(), name: z.string(), city: z.string(), address: z.string(), phone: z.string() })
  .meta({ id: "PublicAkimat" });

export const ZSupplier = z
  .object({
    id: z.number(),
    bin: z.string(),
    companyName: z.string(),
    headName: z.string(),
    city: z.string(),
    isVatPayer: z.boolean(),
    description: z.string(),
    status: z.enum(SUPPLIER_STATUSES),
    blockReason: z.string().nullable(),
    phone: z.string().nullable(),
    createdAt: z.string(),
    documents: z.array(ZUploadFile),
    moves: z.array(z.enum(SUPPLIER_MOVES)).meta({ description: "What the caller may do with the company now" }),
  })
  .meta({ id: "Supplier" });

export const ZNotification = z
  .object({
    id: z.number(),
    kind: z.string(),
    text: z.string(),
    link: z.string().nullable(),
    isRead: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "Notification" });

export const ZPublicNews = z
  .object({
    id: z.number(),
    category: z.enum(NEWS_CATEGORY_VALUES),
    locale: z.enum(["ru", "kk"]),
    isFallback: z.boolean().meta({ description: "True when the text is in the other language (no translation)" }),
    title: z.string(),
    content: z.string().meta({ description: "Sanitized HTML; empty in lists" }),
    excerpt: z.string(),
    cover: ZUploadFile.nullable(),
    attachment: ZUploadFile.nullable(),
    publishedAt: z.string(),
    akimatName: z.string(),
  })
  .meta({ id: "PublicNews" });

export const ZNewsAdmin = z
  .object({
    id: z.number(),
    category: z.enum(NEWS_CATEGORY_VALUES),
    status: z.enum(NEWS_STATUSES),
    titleRu: z.string(),
    titleKk: z.string(),
    contentRu: z.string(),
    contentKk: z.string(),
    cover: ZUploadFile.nullable(),
    attachment: ZUploadFile.nullable(),
    publishedAt: z.string().nullable(),
    updatedAt: z.string(),
    authorName: z.string().nullable(),
    moves: z.array(z.enum(NEWS_MOVES)).meta({ description: "What the caller may do with the item now" }),
  })
  .meta({ id: "NewsAdmin" });

export const ZCemeteryRef = z.object({ id: z.number(), name: z.string() }).meta({ id: "CemeteryRef" });

export const ZManager = z
  .object({
    id: z.number(),
    phone: z.string(),
    surname: z.string(),
    name: z.string(),
    patronymic: z.string(),
    status: z.enum(["invited", "active"]).meta({ description: "`invited` until the first sign-in" }),
    lastLoginAt: z.string().nullable(),
    cemeteries: z.array(ZCemeteryRef).meta({ description: "Assigned cemeteries, names in the request's language" }),
  })
  .meta({ id: "Manager" });

/** `GET /me`: the signed-in user, their organisation and the unread notifications. */
export const ZMe = z.object({
  user: ZSessionUser,
  organisation: z
    .object({
      kind: z.enum(["akimat", "supplier"]),
      id: z.number(),
      name: z.string(),
      status: z.string().optional(),
    })
    .nullable(),
  unreadNotifications: z.number(),
});

/** One akimat with its staff, as the admin edits it. */
export const ZAkimatDetails = ZAkimat.extend({ employees: z.array(ZEmployee) });

/** A page of the caller's notifications, with how many are unread. */
export const ZNotificationPage = z.object({
  items: z.array(ZNotification),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** `GET /managers`: the managers, and every cemetery the admin may assign. */
export const ZManagerList = z.object({ items: z.array(ZManager), cemeteries: z.array(ZCemeteryRef) });
