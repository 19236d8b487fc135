import { z } from "@hono/zod-openapi";
import { ZEmployee } from "../../../common/api-schemas.ts";
import { ZEmployeeInput, ZEmployeeUpdate } from "../../../common/schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { listQuery, pageSchema } from "../../lib/list.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import { akimatIdOf, isAkimatAdmin } from "../access/access.service.ts";
import { inviteEmployee, listEmployeePage, removeEmployee, updateEmployee } from "./akimat-staff.service.ts";

/** The employees' list: by surname (or last sign-in), 50 a page. */
const ZEmployeeList = listQuery({ sort: ["surname", "lastLoginAt"], defaultSort: "surname", pageSize: 50 });

export const akimatStaffRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      permission: "employees.manage",
      path: "/akimat/employees",
      tags: ["Akimat staff"],
      summary: "The employees of the caller's akimat, by surname, a page at a time",
      request: { query: ZEmployeeList },
      responses: {
        200: jsonResponse(pageSchema(ZEmployee).extend({ canManage: z.boolean() }), "Employees"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      const page = await listEmployeePage(c.get("services").db, akimatIdOf(user), c.req.valid("query"));
      return c.json({ ...page, canManage: isAkimatAdmin(user) }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "employees.manage",
      path: "/akimat/employees",
      tags: ["Akimat staff"],
      summary: "Invite an employee by phone (the akimat's admin only)",
      request: { body: jsonBody(ZEmployeeInput) },
      responses: { 201: jsonResponse(ZEmployee, "Invited"), ...errorResponses(401, 403, 409, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await inviteEmployee(c.get("services").db, user, c.req.valid("json")), 201);
    },
  )
  .openapi(
    apiRoute({
      method: "put",
      permission: "employees.manage",
      path: "/akimat/employees/{id}",
      tags: ["Akimat staff"],
      summary: "Edit an employee (the akimat's admin only)",
      request: { params: ZIdParam, body: jsonBody(ZEmployeeUpdate) },
      responses: { 200: jsonResponse(ZEmployee, "Updated"), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const updated = await updateEmployee(c.get("services").db, user, c.req.valid("param").id, c.req.valid("json"));
      return c.json(updated, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "delete",
      permission: "employees.manage",
      path: "/akimat/employees/{id}",
      tags: ["Akimat staff"],
      summary: "Remove an employee and end their sessions (the akimat's admin only)",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZOk, "Removed"), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      const user = callerOf(c);
      await removeEmployee(c.get("services").db, user, c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    },
  );
