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

/**
 * Icons are bundled with the app (lucide, as SVG components): nothing is fetched at run time,
 * so they draw offline and under a strict Content-Security-Policy.
 */
const ICONS = {
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
} as const;

export type IconName = keyof typeof ICONS;
export const ICON_NAMES = Object.keys(ICONS) as IconName[];

/** A decorative icon by default; give `label` when the icon alone carries meaning. */
export function Icon({ name, size = 20, label }: { name: IconName; size?: number; label?: string }) {
  const Component = ICONS[name];
  return (
    <Component
      size={size}
      strokeWidth={1.75}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? "img" : undefined}
      focusable={false}
      className="icon"
    />
  );
}
