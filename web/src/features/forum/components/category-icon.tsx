import {
  Clock,
  Eye,
  Filter,
  Lock,
  MessageCircle,
  MessageSquare,
  Pin,
  Plus,
  Search,
  TrendingUp,
  User,
  type LucideIcon,
} from 'lucide-react';
import type { ForumCategory } from '@klang/domain';

/** The icon names a category may carry (spec 002 §3) and what each draws. */
const ICONS: Record<ForumCategory['icon'], LucideIcon> = {
  MessageSquare,
  Plus,
  Pin,
  Lock,
  Eye,
  MessageCircle,
  Clock,
  Search,
  Filter,
  TrendingUp,
  User,
};

export function CategoryIcon({ icon, className }: { icon: ForumCategory['icon']; className?: string }) {
  const Icon = ICONS[icon];
  return <Icon aria-hidden="true" className={className} />;
}
