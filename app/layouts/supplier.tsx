import { AreaShell } from "../components/area-shell.tsx";

/** The supplier area's layout; its guard is in the route table and runs in the root middleware. */
export default function SupplierLayout() {
  return <AreaShell area="supplier" />;
}
