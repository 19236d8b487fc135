/**
 * Builds `icons.svg`, the sprite the `Icon` component draws from, out of the lucide icons named
 * in `ICON_SOURCES`. Run `npx tsx app/components/icons/sprite.tsx` after changing the list; a
 * unit test fails while the committed sprite differs from what this builds. Never imported by
 * the app: the icons' geometry stays out of every page's JavaScript.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  AlertTriangle,
  Bell,
  BookOpen,
  Building2,
  Check,
  ChevronRight,
  Clock,
  FileText,
  Globe,
  Home,
  ImageIcon,
  Info,
  LogOut,
  Mail,
  MapPin,
  Menu,
  Pencil,
  Phone,
  Plus,
  RefreshCw,
  RotateCcw,
  Search,
  ShieldCheck,
  Trash2,
  Truck,
  Upload,
  User,
  Users,
  X,
} from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import type { IconName } from "../icon.tsx";

export const ICON_SOURCES = {
  alert: AlertTriangle,
  bell: Bell,
  book: BookOpen,
  building: Building2,
  check: Check,
  "chevron-right": ChevronRight,
  clock: Clock,
  file: FileText,
  globe: Globe,
  home: Home,
  image: ImageIcon,
  info: Info,
  "log-out": LogOut,
  mail: Mail,
  "map-pin": MapPin,
  menu: Menu,
  pencil: Pencil,
  phone: Phone,
  plus: Plus,
  refresh: RefreshCw,
  retry: RotateCcw,
  search: Search,
  shield: ShieldCheck,
  trash: Trash2,
  truck: Truck,
  upload: Upload,
  user: User,
  users: Users,
  x: X,
} satisfies Record<IconName, unknown>;

export const SPRITE_FILE = fileURLToPath(new URL("./icons.svg", import.meta.url));

/** The sprite: one `<symbol id="name">` per icon, holding lucide's shapes. */
export function buildSprite(): string {
  const symbols = Object.entries(ICON_SOURCES).map(([name, Component]) => {
    const svg = renderToStaticMarkup(<Component />);
    const inner = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
    return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SPRITE_FILE, buildSprite());
  console.log(`wrote ${SPRITE_FILE}`);
}
