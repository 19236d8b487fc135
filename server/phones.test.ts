import { describe, expect, it } from "vitest";
import { createApi } from "./api.ts";
import type { Services } from "./services.ts";

type AnySchema = { _zod?: { def: Record<string, unknown> }; shape?: Record<string, AnySchema>; safeParse?: unknown };

/** Every field of an input schema whose name says phone, with its path, through wrappers. */
function phoneFields(schema: AnySchema | undefined, path: string, out: [string, AnySchema][]) {
  if (!schema?._zod) return;
  const def = schema._zod.def as {
    innerType?: AnySchema;
    in?: AnySchema;
    element?: AnySchema;
    shape?: Record<string, AnySchema>;
  };
  if (def.shape) {
    for (const [key, field] of Object.entries(def.shape)) {
      if (/phone/i.test(key)) out.push([`${path}.${key}`, field]);
      else phoneFields(field, `${path}.${key}`, out);
    }
  } else if (def.innerType) phoneFields(def.innerType, path, out);
  else if (def.in) phoneFields(def.in, path, out);
  else if (def.element) phoneFields(def.element, `${path}[]`, out);
}

describe("phones on every write path", () => {
  it("every API input named phone stores the number normalised, however it was typed", () => {
    const api = createApi({} as Services);
    const found: [string, AnySchema][] = [];
    for (const d of api.openAPIRegistry.definitions) {
      if (d.type !== "route") continue;
      const r = d.route as unknown as {
        method: string;
        path: string;
        request?: { body?: { content: Record<string, { schema: AnySchema }> }; query?: AnySchema };
      };
      const where = `${r.method.toUpperCase()} ${r.path}`;
      for (const media of Object.values(r.request?.body?.content ?? {})) phoneFields(media.schema, where, found);
      phoneFields(r.request?.query, where, found);
    }
    // Registration, sign-in, invitations, akimats, cemeteries, visitors' requests.
    expect(found.length).toBeGreaterThanOrEqual(10);
    for (const [where, field] of found) {
      const parse = (field as { safeParse: (v: unknown) => { success: boolean; data?: unknown } }).safeParse;
      const typed = parse.call(field, "8 (701) 999-00-31");
      expect(typed, where).toMatchObject({ success: true, data: "+77019990031" });
      expect(parse.call(field, "999-00").success, where).toBe(false);
    }
  });
});
