import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "../../common/catalogs.ts";
import { i18nFor } from "../../common/i18n.ts";
import { I18nContext } from "../lib/hooks.ts";
import type { Locale } from "../../common/locale.ts";
import { parseUploadConfig } from "../../common/upload/queue.ts";
import { DropZone, dropZoneConfig, type TDropZoneProps, UPLOAD_PRESETS } from "./drop-zone.tsx";

function render(props: Partial<TDropZoneProps> = {}, locale: Locale = "ru"): string {
  return renderToString(
    <I18nContext.Provider value={i18nFor(locale)}>
      <DropZone label="Фото" {...props} />
    </I18nContext.Provider>,
  );
}

const stored = [
  { id: "a1", url: "/api/v1/uploads/a1", name: "grave.jpg", size: 1_500_000, type: "image/jpeg" },
  { id: "b2", url: "/api/v1/uploads/b2", name: "act.pdf", size: 999, type: "application/pdf" },
];

describe("drop zone configuration", () => {
  it("sends photos to the API by default, in the page's language", () => {
    expect(dropZoneConfig({}, "kk")).toMatchObject({
      url: "/api/v1/uploads?lang=kk",
      params: { purpose: "photo" },
      ...UPLOAD_PRESETS.photo,
    });
  });

  it("takes the preset of the purpose and lets the caller override it", () => {
    const cfg = dropZoneConfig({ params: { purpose: "document" }, maxFiles: 3 }, "ru");
    expect(cfg).toMatchObject({ ...UPLOAD_PRESETS.document, maxFiles: 3, params: { purpose: "document" } });
    expect(dropZoneConfig({ maxFileSize: 5 }).maxFileSize).toBe(5);
    expect(dropZoneConfig({ url: "https://files.example.kz/u" }, "ru").url).toBe("https://files.example.kz/u");
  });

  it("gives every preset a valid configuration", () => {
    for (const purpose of Object.keys(UPLOAD_PRESETS)) {
      expect(() => parseUploadConfig(dropZoneConfig({ params: { purpose } }, "ru"))).not.toThrow();
    }
  });
});

describe("drop zone on the server", () => {
  it("renders without the browser, with the translated message and a real file input", () => {
    const html = render();
    expect(html).toContain("Перетащите файлы сюда или нажмите, чтобы выбрать");
    expect(html).toMatch(/<input[^>]*type="file"/);
    expect(html).toContain('accept="image/jpeg,image/png,image/webp"');
    expect(html).toContain("Размер файла — не больше 10 МБ.");
    expect(html).toContain("Подходят: JPG, PNG, WEBP.");
    expect(render({}, "kk")).toContain("Файлдарды осында сүйреңіз немесе таңдау үшін басыңыз");
  });

  it("lists the uploaded files with sizes and status in words, and a hidden input per id", () => {
    const html = render({ value: stored, name: "photos" });
    expect(html).toContain("grave.jpg");
    expect(html).toContain("1,5 МБ");
    expect(html).toContain("999 Б");
    expect(html).toContain("Загружен");
    expect(html).toContain('aria-label="2 файла"');
    expect(html.match(/<input type="hidden" name="photos" value="(a1|b2)"\/>/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Удалить файл «act.pdf»"');
    expect(html).toContain('aria-live="polite"');
  });

  it("renders no hidden inputs without a name, and a disabled input when disabled", () => {
    const html = render({ value: stored, disabled: true });
    expect(html).not.toContain('type="hidden"');
    expect(html).toMatch(/<input[^>]*type="file"[^>]*disabled=""/);
  });

  it("states the count limit with the right plural", () => {
    expect(render({ config: { maxFiles: 5 } })).toContain("Можно добавить до 5 файлов.");
    expect(render({ config: { maxFiles: 1 } })).toContain("Можно добавить до 1 файла.");
  });

  it("refuses an invalid configuration already on the server", () => {
    expect(() => render({ config: { method: "GET" as "POST" } })).toThrow(/method/);
  });
});
