/** Types of scripts/chromium.mjs (plain JavaScript: `npm test` runs it before anything is compiled). */
export declare const CHROMIUM_PLACES: string[];
export declare function findChromium(
  env?: Record<string, string | undefined>,
  places?: readonly string[],
): { path: string; error?: undefined } | { path?: undefined; error: string };
