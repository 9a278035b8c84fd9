// Spec section 2, route shapes: team screens live under /admin/{team}, and an absolute public
// link to one is {ADMIN_URL}/admin/{team}{path}.

/** The in-app path of a team screen: /admin/{team}{path}. */
export function teamScreenPath(team: string, path = ''): string {
  return `/admin/${encodeURIComponent(team)}${path}`;
}

/** An absolute link to a team screen; ADMIN_URL may carry a path prefix, which is kept. */
export function teamScreenUrl(adminUrl: string, team: string, path = ''): string {
  return `${adminUrl.replace(/\/+$/, '')}${teamScreenPath(team, path)}`;
}
