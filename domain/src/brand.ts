/** The product name: every `{product}` of the spec (product-decisions.md). */
export const PRODUCT_NAME = 'Klang';

/** Theme palettes of spec 000 §3. Dark is the default theme. */
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';
export const PRIMARY_COLOR = '#FF383A';

export const PALETTES = {
  dark: {
    background: '#0B0B0F',
    card: '#16161D',
    input: '#1F1F28',
    text: '#F5F5F7',
    secondaryText: '#A1A1AA',
    primary: PRIMARY_COLOR,
    navigation: '#111116',
    navigationActive: PRIMARY_COLOR,
    border: '#2A2A35',
  },
  light: {
    background: '#F7F7F9',
    card: '#FFFFFF',
    input: '#EFEFF3',
    text: '#111114',
    secondaryText: '#5B5B66',
    primary: PRIMARY_COLOR,
    navigation: '#FFFFFF',
    navigationActive: PRIMARY_COLOR,
    border: '#DEDEE5',
  },
} as const satisfies Record<Theme, Record<string, string>>;

/** Mobile layout breakpoint, spec 000 §9 and 001 §9: 768 px or less is the phone layout. */
export const MOBILE_BREAKPOINT_PX = 768;
