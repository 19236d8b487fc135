/**
 * Every form's schema of the product, by name: the shared ones (`schemas.ts`) and each area's own
 * file. The form layer (`TFormName`, `parseForm`) and the move forms' test read this module; a new
 * area adds its line.
 */
export * from "./appeal-forms.ts";
export * from "./order-forms.ts";
export * from "./reburial-forms.ts";
export * from "./ennoblement-forms.ts";
export * from "./review-forms.ts";
export * from "./schemas.ts";
export * from "./catalog-forms.ts";
export * from "./handover-forms.ts";
export * from "./memorial-forms.ts";
