export type { TMe } from "../../common/api-types.ts";
