import { AreaShell } from "../components/area-shell.tsx";

/** The user area's layout; its guard is in the route table and runs in the root middleware. */
export default function UserLayout() {
  return <AreaShell area="user" />;
}
