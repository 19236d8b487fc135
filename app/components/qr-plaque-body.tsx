import { useState } from "react";
import { useT } from "../lib/hooks.ts";
import { Icon } from "./icon.tsx";

export type TQrPlaqueProps = {
  /** Where the files are: `…/qr.svg`, `…/qr.png`, `…/plaque.pdf`. */
  files: string;
  shortUrl: string;
  /** Prefixes the test ids: `grave-qr-image`, `memorial-short-address`… */
  name: "grave" | "memorial";
};

/**
 * A permanent short address with its QR code and plaque (decision 027): the code (drawn by the API,
 * as the plaque's files are), the address to copy, and the files to download and print. The same
 * for a grave (`/api/v1/burials/{id}`, public; the grave card loads it when its part is opened) and
 * a memorial (`/api/v1/memorials/{id}`, its managers only).
 */
export function QrPlaqueBody({ files, shortUrl, name }: TQrPlaqueProps) {
  const { t, locale } = useT();
  const [copied, setCopied] = useState(false);
  const [lang, setLang] = useState(locale);
  const address = shortUrl.replace(/^https?:\/\//, "");
  return (
    <>
      <div className="grave-qr__body">
        <img
          className="grave-qr__image"
          src={`${files}/qr.svg`}
          width={160}
          height={160}
          alt={t("grave_qr.image_alt", { address })}
          loading="lazy"
          data-testid={`${name}-qr-image`}
        />
        <div className="grave-qr__text">
          <p className="grave-qr__label">{t("grave_qr.address")}</p>
          <p>
            <a href={shortUrl} className="grave-qr__address" data-testid={`${name}-short-address`}>
              {address}
            </a>
          </p>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              void navigator.clipboard?.writeText(shortUrl).then(() => setCopied(true));
            }}
          >
            {copied ? t("grave_qr.copied") : t("grave_qr.copy")}
          </button>
        </div>
      </div>
      <ul className="grave-qr__files">
        <li className="grave-qr__file">
          <a className="grave-qr__link" href={`${files}/qr.png`} download data-testid={`${name}-qr-png`}>
            <Icon name="image" /> {t("grave_qr.download_png")}
          </a>
        </li>
        <li className="grave-qr__file">
          <a className="grave-qr__link" href={`${files}/qr.svg`} download data-testid={`${name}-qr-svg`}>
            <Icon name="image" /> {t("grave_qr.download_svg")}
          </a>
        </li>
        <li className="grave-qr__file">
          <a
            className="grave-qr__link"
            href={`${files}/plaque.pdf?lang=${lang}`}
            target="_blank"
            rel="noopener"
            data-testid={`${name}-plaque`}
          >
            <Icon name="file" /> {t("grave_qr.download_plaque")}
          </a>{" "}
          <select
            aria-label={t("grave_qr.plaque_lang")}
            value={lang}
            onChange={(e) => setLang(e.currentTarget.value === "kk" ? "kk" : "ru")}
            className="grave-qr__lang"
          >
            <option value="ru">{t("lang.name.ru")}</option>
            <option value="kk">{t("lang.name.kk")}</option>
          </select>
        </li>
      </ul>
    </>
  );
}

export default QrPlaqueBody;
