/** The forum's starting categories (spec 002 §3: name, description, colour, icon). */
export const FORUM_CATEGORIES = [
  {
    name: 'General',
    description: 'Say hello, talk music, talk Klang.',
    color: '#FF383A',
    icon: 'MessageSquare',
  },
  {
    name: 'Production Tips',
    description: 'Mixing, sound design, arrangement: share what works.',
    color: '#8B5CF6',
    icon: 'TrendingUp',
  },
  {
    name: 'Feedback',
    description: 'Ask for honest ears on a track or a mixdown.',
    color: '#22C55E',
    icon: 'MessageCircle',
  },
  {
    name: 'Gigs & Events',
    description: 'Nights, showcases and meet-ups worth knowing about.',
    color: '#F59E0B',
    icon: 'Clock',
  },
  {
    name: 'Discoveries',
    description: 'Tracks you revealed and could not stop playing.',
    color: '#0EA5E9',
    icon: 'Search',
  },
  { name: 'Announcements', description: 'News from the Klang team.', color: '#EAB308', icon: 'Pin' },
] as const;
