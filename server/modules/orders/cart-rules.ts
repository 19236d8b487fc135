import { almatyInstant } from "../../../common/calendar/almaty.ts";
import type { CartProblem } from "../../../common/order-schemas.ts";

const HOUR = 3_600_000;

/**
 * Why a line cannot be ordered as it is, or null: the item is not on sale (not active, out of
 * stock, its company not active), does not serve the burial's cemetery (another city, or a list of
 * cemeteries without this one), or its time is past or too soon for the item's lead time.
 */
export function cartProblem(p: {
  item: { status: string; available: boolean; city: string; cemeteryIds: number[]; leadHours: number };
  supplierStatus: string;
  cemetery: { id: number; city: string };
  line: { deliveryDate: string; deliveryTime: string };
  now: Date;
}): CartProblem | null {
  const { item } = p;
  if (item.status !== "active" || !item.available || p.supplierStatus !== "active") return "unavailable";
  const serves =
    item.cemeteryIds.length === 0 ? item.city === p.cemetery.city : item.cemeteryIds.includes(p.cemetery.id);
  if (!serves) return "elsewhere";
  const at = almatyInstant(p.line.deliveryDate, p.line.deliveryTime);
  if (at <= p.now) return "past";
  if (at.getTime() < p.now.getTime() + item.leadHours * HOUR) return "lead_time";
  return null;
}
