// The catalogs plugin's modules (`vite.config.ts`): each language's catalog merged from its files
// in `common/locales`, and the address of that merged file.
declare module "virtual:catalog/ru" {
  const catalog: import("../common/i18n.ts").Catalog;
  export default catalog;
}
declare module "virtual:catalog/kk" {
  const catalog: import("../common/i18n.ts").Catalog;
  export default catalog;
}
declare module "virtual:catalog/ru?url" {
  const url: string;
  export default url;
}
declare module "virtual:catalog/kk?url" {
  const url: string;
  export default url;
}
