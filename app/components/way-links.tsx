import { routeLinks } from "../../common/map-links.ts";
import { useT } from "../lib/hooks.ts";
import { Icon } from "./icon.tsx";

/** Route links to a point ([lng, lat]) in the map apps people in Kazakhstan use: Yandex, 2GIS, Google. */
export function WayLinks({ point }: { point: [number, number] }) {
  const { t } = useT();
  const links = routeLinks(point);
  return (
    <p className="way-links">
      <Icon name="map-pin" /> {t("search.route")}:{" "}
      <a href={links.yandex} target="_blank" rel="noreferrer">
        {t("search.yandex")}
      </a>{" "}
      ·{" "}
      <a href={links.twoGis} target="_blank" rel="noreferrer">
        2GIS
      </a>{" "}
      ·{" "}
      <a href={links.google} target="_blank" rel="noreferrer">
        Google
      </a>
    </p>
  );
}
