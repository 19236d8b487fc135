import { NEWS_MOVE_FORMS, REGISTRY_REQUEST_MOVE_FORMS, SUPPLIER_MOVE_FORMS } from "../common/api-types.ts";
import { BURIAL_REQUEST_MOVE_FORMS } from "../common/booking-terms.ts";
import type { TMoveForms } from "../common/move-forms.ts";
import { APPEAL_MOVE_FORMS } from "../common/appeals.ts";
import { REBURIAL_MOVE_FORMS } from "../common/reburials.ts";
import { HANDOVER_MOVE_FORMS } from "../common/handovers.ts";
import { handoverMachine } from "./modules/handovers/handovers.machine.ts";
import { REVIEW_APPEAL_MOVE_FORMS, REVIEW_MOVE_FORMS } from "../common/reviews.ts";
import { reviewAppealMachine, reviewMachine } from "./modules/reviews/reviews.machine.ts";
import { ITEM_MOVE_FORMS } from "../common/catalog.ts";
import { catalogMachine } from "./modules/catalog/catalog.machine.ts";
import { reburialMachine } from "./modules/reburials/reburials.machine.ts";
import { orderLineMachine, supplierOrderMachine } from "./modules/orders/orders.machine.ts";
import { ORDER_LINE_MOVE_FORMS, SUPPLIER_ORDER_MOVE_FORMS } from "../common/orders.ts";
import { appealMachine } from "./modules/appeals/appeals.machine.ts";
import { burialRequestMachine } from "./modules/burial-requests/burial-requests.machine.ts";
import { newsMachine } from "./modules/news/news.machine.ts";
import { registryRequestMachine } from "./modules/registry-requests/registry-requests.machine.ts";
import { supplierMachine } from "./modules/suppliers/suppliers.machine.ts";
import type { TMachine } from "./modules/workflow/workflow.ts";
import { careRequestMachine, permitMachine } from "./modules/ennoblement/ennoblement.machine.ts";
import { CARE_MOVE_FORMS, PERMIT_MOVE_FORMS } from "../common/ennoblement.ts";
import { ACCESS_MOVE_FORMS, CLAIM_MOVE_FORMS, SUGGESTION_MOVE_FORMS, TRIBUTE_MOVE_FORMS } from "../common/memorials.ts";
import {
  accessMachine,
  claimMachine,
  suggestionMachine,
  tributeMachine,
} from "./modules/memorials/memorials.machine.ts";

/** A workflow: its machine, and the forms its moves ask for (shared with the screens). */
export type TWorkflow = { machine: TMachine; forms: TMoveForms<string> };

/**
 * Every workflow of the product. The timers' job fires the timers of these machines
 * (`server/jobs.ts`), and a test holds each machine's move inputs to its forms
 * (`move-forms.test.ts`). A new workflow adds its line here.
 */
export const WORKFLOWS: readonly TWorkflow[] = [
  { machine: newsMachine, forms: NEWS_MOVE_FORMS },
  { machine: supplierMachine, forms: SUPPLIER_MOVE_FORMS },
  { machine: registryRequestMachine, forms: REGISTRY_REQUEST_MOVE_FORMS },
  { machine: burialRequestMachine, forms: BURIAL_REQUEST_MOVE_FORMS },
  { machine: appealMachine, forms: APPEAL_MOVE_FORMS },
  { machine: reburialMachine, forms: REBURIAL_MOVE_FORMS },
  { machine: supplierOrderMachine, forms: SUPPLIER_ORDER_MOVE_FORMS },
  { machine: orderLineMachine, forms: ORDER_LINE_MOVE_FORMS },
  { machine: reviewMachine, forms: REVIEW_MOVE_FORMS },
  { machine: reviewAppealMachine, forms: REVIEW_APPEAL_MOVE_FORMS },
  { machine: catalogMachine, forms: ITEM_MOVE_FORMS },
  { machine: handoverMachine, forms: HANDOVER_MOVE_FORMS },
  { machine: careRequestMachine, forms: CARE_MOVE_FORMS },
  { machine: permitMachine, forms: PERMIT_MOVE_FORMS },
  { machine: tributeMachine, forms: TRIBUTE_MOVE_FORMS },
  { machine: suggestionMachine, forms: SUGGESTION_MOVE_FORMS },
  { machine: accessMachine, forms: ACCESS_MOVE_FORMS },
  { machine: claimMachine, forms: CLAIM_MOVE_FORMS },
] as unknown as readonly TWorkflow[];
