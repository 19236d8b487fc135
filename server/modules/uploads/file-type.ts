/** Types the platform accepts, recognised by their content (magic bytes), whatever the name says. */
export const MIME = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

export type TDetectedType = (typeof MIME)[keyof typeof MIME];

const startsWith = (buf: Uint8Array, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The type of a file from its first bytes, or null when it is none of the accepted ones.
 * XLSX is a ZIP whose entries include `xl/` parts; a plain ZIP or a DOCX is not a spreadsheet.
 */
export function detectFileType(buf: Uint8Array): TDetectedType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return MIME.jpeg;
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return MIME.png;
  if (startsWith(buf, ascii("RIFF")) && startsWith(buf, ascii("WEBP"), 8)) return MIME.webp;
  if (startsWith(buf, ascii("%PDF-"))) return MIME.pdf;
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) {
    // Entry names are stored in plain text in the ZIP headers.
    const text = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString("latin1");
    if (text.includes("[Content_Types].xml") && text.includes("xl/")) return MIME.xlsx;
  }
  return null;
}

/** `Тест <script>.jpg` → `Тест script.jpg`: no paths, no control or markup characters, at most 120 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}<>:"|?*`$;&{}[\]]/gu, "")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim();
  if (!cleaned) return "file";
  if (cleaned.length <= 120) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, 120 - ext.length) + ext;
}

/** The usual extension of a detected type, to fix names that lie (`photo.png` that is a JPEG stays named as given). */
export const EXTENSION: Record<TDetectedType, string> = {
  [MIME.jpeg]: "jpg",
  [MIME.png]: "png",
  [MIME.webp]: "webp",
  [MIME.pdf]: "pdf",
  [MIME.xlsx]: "xlsx",
};
