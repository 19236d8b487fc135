import type { Role } from "../../common/roles.ts";

/** The signed-in user as `GET /api/v1/me` returns them. */
export type TMe = {
  user: {
    id: number;
    phone: string;
    role: Role;
    surname: string;
    name: string;
    patronymic: string;
    fullName: string;
    akimatId: number | null;
    akimatRole: "admin" | "employee" | null;
    supplierId: number | null;
  };
  organisation: { kind: "akimat" | "supplier"; id: number; name: string; status?: string } | null;
  unreadNotifications: number;
};
