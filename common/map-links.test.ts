import { describe, expect, it } from "vitest";
import { formatCoordinates, placeLink, routeLinks } from "./map-links.ts";

describe("map links", () => {
  it("point each app at the grave, latitude and longitude in the order each expects", () => {
    const links = routeLinks([76.9862, 43.2466]);
    expect(links.yandex).toBe("https://yandex.kz/maps/?rtext=~43.246600%2C76.986200&rtt=auto");
    expect(links.twoGis).toBe("https://2gis.kz/directions/points/%7C76.986200%2C43.246600");
    expect(links.google).toBe("https://www.google.com/maps/dir/?api=1&destination=43.246600%2C76.986200");
    expect(formatCoordinates([76.9862, 43.2466])).toBe("43.246600, 76.986200");
  });

  it("show a grave's point on OpenStreetMap, for printed documents' QR codes", () => {
    expect(placeLink([76.9862, 43.2466])).toBe(
      "https://www.openstreetmap.org/?mlat=43.246600&mlon=76.986200#map=19/43.246600/76.986200",
    );
  });
});
