/**
 * The one place the product makes QR codes (decision 027), with the `qrcode` package: text in, an
 * image out (SVG, PNG) or the module matrix the PDF layer draws as vector squares. Nothing leaves
 * the server: no outside QR service, no dynamic-QR redirector.
 *
 * Error correction: level Q by default (about 25 % of the code may be lost and it still reads).
 * Codes are printed on plaques that live outdoors for decades — engraved steel, ceramic, weathered
 * and dirtied — and the memorial vendors' guides ask for Q or H; Q keeps the modules larger than H
 * for the same short address, which reads better from a phone at arm's length. Paper documents
 * read indoors may ask for M. The quiet zone is the standard's 4 modules (a plaque's frame or a
 * stone's edge must not touch the code).
 */
import QRCode from "qrcode";

export type TQrLevel = "L" | "M" | "Q" | "H";
/** The standard's quiet zone around the code, in modules. */
export const QR_QUIET_ZONE = 4;
export const QR_LEVEL: TQrLevel = "Q";

/** The code's dark modules: `size` × `size`, `isDark(row, col)`. The quiet zone is not included. */
export function qrMatrix(
  text: string,
  level: TQrLevel = QR_LEVEL,
): { size: number; isDark: (r: number, c: number) => boolean } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: level });
  return { size: modules.size, isDark: (r, c) => Boolean(modules.get(r, c)) };
}

/** The code as an SVG document (black on white, quiet zone included), scalable to any print size. */
export function qrSvg(text: string, level: TQrLevel = QR_LEVEL): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: level, margin: QR_QUIET_ZONE });
}

/** The code as a PNG `size` pixels wide (rounded to whole pixels per module by the encoder), quiet zone included. */
export function qrPng(text: string, size: number, level: TQrLevel = QR_LEVEL): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: "png", errorCorrectionLevel: level, margin: QR_QUIET_ZONE, width: size });
}
