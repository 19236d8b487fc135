/**
 * The search form of a name: lower case, `ё` as `е`, and Kazakh letters as their Russian
 * look-alikes (ә→а, ғ→г, қ→к, ң→н, ө→о, ұ→у, ү→у, һ→х, і→и), so that Жұмабаев and Жумабаев,
 * Әлиев and Алиев find each other. Used for the stored search column and for queries alike.
 */
const FOLD: Record<string, string> = {
  ё: "е",
  ә: "а",
  ғ: "г",
  қ: "к",
  ң: "н",
  ө: "о",
  ұ: "у",
  ү: "у",
  һ: "х",
  і: "и",
};

export function foldName(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[ёәғқңөұүһі]/g, (c) => FOLD[c] as string)
    .replace(/[^\p{L}\p{N}\s-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of a search query, folded; at most five, each of two letters or more. */
export function searchTokens(query: string): string[] {
  return foldName(query)
    .split(/[\s-]+/)
    .filter((w) => w.length >= 2)
    .slice(0, 5);
}
