import type { ExtractSchema } from "hono/types";
import { createRouter } from "./lib/http.ts";
import { akimatRoutes } from "./modules/akimats/akimats.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { burialDocumentRoutes } from "./modules/burial-requests/burial-documents.routes.ts";
import { burialRequestRoutes } from "./modules/burial-requests/burial-requests.routes.ts";
import { paymentRoutes } from "./modules/payments/payments.routes.ts";
import { orderRoutes } from "./modules/orders/orders.routes.ts";
import { handoverRoutes } from "./modules/handovers/handovers.routes.ts";
import { managerAdminRoutes } from "./modules/managers/managers.routes.ts";
import { newsRoutes } from "./modules/news/news.routes.ts";
import { burialImportRoutes } from "./modules/burials/burials-import.routes.ts";
import { burialRoutes } from "./modules/burials/burials.routes.ts";
import { graveLinkRoutes } from "./modules/burials/grave-links.routes.ts";
import { managerRoutes } from "./modules/burials/manager.routes.ts";
import { cemeteryAdminRoutes } from "./modules/cemeteries/cemetery-admin.routes.ts";
import { cemeteryRoutes } from "./modules/cemeteries/cemeteries.routes.ts";
import { reportRoutes } from "./modules/reports/reports.routes.ts";
import { supplierReportRoutes } from "./modules/supplier-reports/supplier-reports.routes.ts";
import { registryRequestRoutes } from "./modules/registry-requests/registry-requests.routes.ts";
import { notificationRoutes } from "./modules/notifications/notifications.routes.ts";
import { supplierRoutes } from "./modules/suppliers/suppliers.routes.ts";
import { threadRoutes } from "./modules/threads/threads.routes.ts";
import { uploadRoutes } from "./modules/uploads/uploads.routes.ts";
import { akimatStaffRoutes } from "./modules/akimats/akimat-staff.routes.ts";
import { appealRoutes } from "./modules/appeals/appeals.routes.ts";
import { reburialRoutes } from "./modules/reburials/reburials.routes.ts";
import { reviewRoutes } from "./modules/reviews/reviews.routes.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import { careRoutes } from "./modules/ennoblement/ennoblement.routes.ts";
import { supplierPeopleRoutes } from "./modules/suppliers/supplier-people.routes.ts";
import { memorialRoutes } from "./modules/memorials/memorials.routes.ts";

/**
 * Every module's operations in one router, mounted by `createApi` under `/api/v1`. Its type is the API's
 * contract: the shared client (`common/api-client.ts`) takes each call's options, body and answer from it.
 */
export const apiOperations = createRouter()
  .route("/", authRoutes)
  .route("/", akimatRoutes)
  .route("/", akimatStaffRoutes)
  .route("/", supplierRoutes)
  .route("/", supplierPeopleRoutes)
  .route("/", notificationRoutes)
  .route("/", uploadRoutes)
  .route("/", newsRoutes)
  .route("/", cemeteryRoutes)
  .route("/", burialRoutes)
  .route("/", graveLinkRoutes)
  .route("/", registryRequestRoutes)
  .route("/", cemeteryAdminRoutes)
  .route("/", burialImportRoutes)
  .route("/", managerRoutes)
  .route("/", managerAdminRoutes)
  .route("/", burialRequestRoutes)
  .route("/", paymentRoutes)
  .route("/", orderRoutes)
  .route("/", burialDocumentRoutes)
  .route("/", threadRoutes)
  .route("/", appealRoutes)
  .route("/", reburialRoutes)
  .route("/", handoverRoutes)
  .route("/", reportRoutes)
  .route("/", supplierReportRoutes)
  .route("/", reviewRoutes)
  .route("/", catalogRoutes)
  .route("/", careRoutes)
  .route("/", memorialRoutes);

/** Path → verb → input and output of every operation (Hono's schema of the router). */
export type ApiSchema = ExtractSchema<typeof apiOperations>;
