import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Stable machine-readable error codes of the API. Each has a message in both catalogs (`errors.<code>`). */
export type ErrorCode =
  | "bad_request"
  | "validation_failed"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "rate_limited"
  | "internal"
  | "foreign_origin"
  | "otp_resend_too_soon"
  | "otp_phone_limit"
  | "otp_ip_limit"
  | "otp_invalid"
  | "otp_expired"
  | "otp_too_many_attempts"
  | "otp_no_code"
  | "registration_expired"
  | "phone_taken"
  | "iin_taken"
  | "bin_taken"
  | "not_akimat_admin"
  | "cannot_remove_self"
  | "invalid_transition"
  | "supplier_not_found"
  | "akimat_not_found"
  | "user_not_found"
  | "notification_not_found"
  | "upload_empty"
  | "upload_too_large"
  | "upload_type_not_allowed"
  | "upload_rate_limited"
  | "upload_not_found"
  | "upload_mismatch"
  | "news_not_found"
  | "appeal_not_found"
  | "reburial_not_found"
  | "reburial_not_bookable"
  | "burial_not_found"
  | "cemetery_not_found"
  | "plot_not_found"
  | "request_not_found"
  | "cemetery_not_assigned"
  | "manager_not_found"
  | "plot_taken"
  | "import_failed"
  | "burial_request_not_found"
  | "place_taken"
  | "hold_lapsed_place_taken"
  | "too_many_bookings"
  | "cemetery_not_booking"
  | "booking_not_pending"
  | "booking_not_payable"
  | "slot_full"
  | "online_payment_unavailable"
  | "bad_signature"
  | "payment_not_found"
  | "booking_document_unavailable"
  | "thread_not_found"
  | "thread_closed"
  | "comment_rate_limited"
  | "order_not_found"
  | "order_accept_late"
  | "order_not_payable"
  | "order_already_received"
  | "order_nothing_received"
  | "order_already_disputed"
  | "order_burial_closed"
  | "order_cart_empty"
  | "order_cart_full"
  | "order_cart_changed"
  | "cart_line_not_found"
  | "review_not_found"
  | "review_line_not_reviewable"
  | "review_window_closed"
  | "review_exists"
  | "review_replied"
  | "review_appeal_not_found"
  | "review_appeal_open"
  | "review_not_appealable"
  | "handover_not_found"
  | "handover_not_responsible"
  | "handover_not_recipient"
  | "catalog_item_not_found"
  | "catalog_company_not_active"
  | "catalog_item_not_editable"
  | "catalog_no_revision"
  | "not_supplier_owner"
  | "care_request_not_found"
  | "permit_not_found"
  | "care_price_missing"
  | "care_permit_missing"
  | "care_not_payable"
  | "care_out_of_season"
  | "memorial_not_found"
  | "memorial_exists"
  | "memorial_not_owner"
  | "memorial_recent_public"
  | "memorial_claim_open"
  | "memorial_claim_not_found"
  | "memorial_member_exists"
  | "memorial_invitation_not_found"
  | "tribute_not_found"
  | "tribute_rate_limited"
  | "tribute_memorial_busy"
  | "tribute_reported"
  | "suggestion_not_found"
  | "access_request_not_found"
  | "access_request_open";

/** A field-level problem: the field's path and a message key with its parameters. */
export type FieldIssue = { path: string; key: string; params?: Record<string, string | number> };

/** An error that the API answers with, as `{error: {code, message, fields?}}`. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fields?: FieldIssue[],
  ) {
    super(code);
  }
}

export const notFound = (code: ErrorCode = "not_found") => new AppError(404, code);
export const forbidden = (code: ErrorCode = "forbidden") => new AppError(403, code);
export const conflict = (code: ErrorCode, params?: Record<string, string | number>) => new AppError(409, code, params);
/** 422 `validation_failed` on one field: its path and message key (with the message's parameters). */
export const fieldError = (path: string, key: string, params?: Record<string, string | number>) =>
  new AppError(422, "validation_failed", {}, [params ? { path, key, params } : { path, key }]);
export const unprocessable = (code: ErrorCode, fields?: FieldIssue[]) => new AppError(422, code, {}, fields);
