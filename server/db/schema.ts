/** Every table of the product, for Drizzle and its migrations. Tables live in their modules. */
export * from "../modules/access/access.tables.ts";
export * from "../modules/appeals/appeals.tables.ts";
export * from "../modules/audit/audit.tables.ts";
export * from "../modules/auth/auth.tables.ts";
export * from "../modules/burials/burials.tables.ts";
export * from "../modules/burial-requests/burial-requests.tables.ts";
export * from "../modules/catalog/catalog.tables.ts";
export * from "../modules/cemeteries/cemeteries.tables.ts";
export * from "../modules/jobs/jobs.tables.ts";
export * from "../modules/news/news.tables.ts";
export * from "../modules/notifications/notifications.tables.ts";
export * from "../modules/reburials/reburials.tables.ts";
export * from "../modules/registry-requests/registry-requests.tables.ts";
export * from "../modules/threads/threads.tables.ts";
export * from "../modules/uploads/uploads.tables.ts";
export * from "../modules/users/organisations.tables.ts";
export * from "../modules/users/users.tables.ts";
