import { AreaShell } from "../components/area-shell.tsx";

/** The client area's layout; its guard is in the route table and runs in the root middleware. */
export default function ClientLayout() {
  return <AreaShell area="client" />;
}
