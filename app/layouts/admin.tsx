import { AreaShell } from "../components/area-shell.tsx";

/** The admin area's layout; its guard is in the route table and runs in the root middleware. */
export default function AdminLayout() {
  return <AreaShell area="admin" />;
}
