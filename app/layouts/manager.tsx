import { AreaShell } from "../components/area-shell.tsx";

/** The manager area's layout; its guard is in the route table and runs in the root middleware. */
export default function ManagerLayout() {
  return <AreaShell area="manager" />;
}
