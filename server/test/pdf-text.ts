import { inflateSync } from "node:zlib";

/**
 * The text of a PDF written by pdfkit, for tests: the text operators of its content streams,
 * decoded through each font's ToUnicode map (embedded fonts write glyph ids, not letters), one
 * entry per text operation; compressed streams are inflated first. Enough for pdfkit's output,
 * not a general PDF reader.
 */
export function pdfText(pdf: Buffer | Uint8Array): string[] {
  const raw = Buffer.from(pdf).toString("latin1");
  const objects = new Map<number, { dict: string; stream: string | null }>();
  const objRe = /(\d+) 0 obj\s*/g;
  for (let m = objRe.exec(raw); m; m = objRe.exec(raw)) {
    const from = objRe.lastIndex;
    const end = raw.indexOf("endobj", from);
    const streamAt = raw.indexOf("stream", from);
    if (streamAt < 0 || streamAt > end) {
      objects.set(Number(m[1]), { dict: raw.slice(from, end), stream: null });
      objRe.lastIndex = end;
      continue;
    }
    // A stream is read by its length: its bytes may contain anything, "endobj" included.
    const dict = raw.slice(from, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    const start = streamAt + "stream".length + (raw[streamAt + 6] === "\r" ? 2 : 1);
    let data: Buffer = Buffer.from(raw.slice(start, start + length), "latin1");
    if (/\/FlateDecode/.test(dict)) data = inflateSync(data);
    objects.set(Number(m[1]), { dict, stream: data.toString("latin1") });
    objRe.lastIndex = start + length;
  }

  // Font resource name (pdfkit names them F1, F2, … across the document) → code → text.
  const cmaps = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const f of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(f[2]));
      const toUnicode = font && /\/ToUnicode (\d+) 0 R/.exec(font.dict);
      const cmap = toUnicode ? objects.get(Number(toUnicode[1]))?.stream : null;
      if (cmap) cmaps.set(f[1] as string, parseCmap(cmap));
    }
  }

  const out: string[] = [];
  const contents = [...objects.values()].flatMap(({ dict }) =>
    /\/Type \/Page\b/.test(dict) ? [...dict.matchAll(/\/Contents (\d+) 0 R/g)].map((c) => Number(c[1])) : [],
  );
  for (const id of contents) {
    const stream = objects.get(id)?.stream ?? "";
    let font = "";
    const opRe = /\/(F\d+) [\d.]+ Tf|\[((?:[^\]\\]|\\.)*)\] TJ|<([0-9a-fA-F]*)> Tj/g;
    for (let op = opRe.exec(stream); op; op = opRe.exec(stream)) {
      if (op[1]) {
        font = op[1];
        continue;
      }
      const hexes =
        op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] as string) : [op[3] as string];
      const map = cmaps.get(font);
      let text = "";
      for (const hex of hexes) {
        for (let i = 0; i + 4 <= hex.length; i += 4)
          text += map?.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? "\uFFFD";
      }
      out.push(text);
    }
  }
  return out;
}

function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const r of (block[1] as string).matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
      const lo = Number.parseInt(r[1] as string, 16);
      const hi = Number.parseInt(r[2] as string, 16);
      const target = r[3] as string;
      if (target.startsWith("[")) {
        for (const [i, t] of [...target.matchAll(/<([0-9a-f]+)>/gi)].entries()) map.set(lo + i, utf16(t[1] as string));
      } else {
        const base = Number.parseInt(target.slice(1, -1), 16);
        for (let c = lo; c <= hi; c++) map.set(c, String.fromCharCode(base + c - lo));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const r of (block[1] as string).matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) {
      map.set(Number.parseInt(r[1] as string, 16), utf16(r[2] as string));
    }
  }
  return map;
}
