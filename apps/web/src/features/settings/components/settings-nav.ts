/** Spec section 2, "Settings navigation": labels and order are fixed. */
export const SETTINGS_NAV = [
  { label: 'Team', path: '/settings/team' },
  { label: 'Team members', path: '/settings/team/members' },
  { label: 'User Info', path: '/settings/user/info' },
  { label: 'Preferences', path: '/settings/user/preferences' },
  { label: 'Billing', path: '/settings/team/billing' },
  { label: 'Username', path: '/settings/user/username' },
  { label: 'Password', path: '/settings/user/password' },
  { label: 'Default Team', path: '/settings/user/default_team' },
] as const;
