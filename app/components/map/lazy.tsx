import { type ComponentProps, lazy, Suspense } from "react";
import type { CemeteriesMap } from "./cemeteries-map.tsx";
import type { PlotMapProps } from "./plot-map.tsx";

/**
 * The maps, loaded when a page first shows one: their code (and Leaflet's, which they load in an
 * effect) stays out of the JavaScript a public page needs to start. Until it arrives the map's
 * frame holds its place, so nothing moves when it draws.
 */
const PlotMapChunk = lazy(() => import("./plot-map.tsx").then((m) => ({ default: m.PlotMap })));
const CemeteriesMapChunk = lazy(() => import("./cemeteries-map.tsx").then((m) => ({ default: m.CemeteriesMap })));

export function LazyPlotMap(props: PlotMapProps) {
  return (
    <Suspense
      fallback={
        <div className={`plot-map ${props.className ?? ""}`}>
          <div className="plot-map__canvas" />
        </div>
      }
    >
      <PlotMapChunk {...props} />
    </Suspense>
  );
}

export function LazyCemeteriesMap(props: ComponentProps<typeof CemeteriesMap>) {
  return (
    <Suspense
      fallback={
        <div className="plot-map">
          <div className="plot-map__canvas plot-map__canvas--overview" />
        </div>
      }
    >
      <CemeteriesMapChunk {...props} />
    </Suspense>
  );
}
