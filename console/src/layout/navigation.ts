/** The shell's areas, in sidebar order (docs/product/shell.md, staff shell). */
export const AREAS = [
  { path: '/leads', label: 'pp.shell.leads' },
  { path: '/calendar', label: 'pp.shell.calendar' },
  { path: '/analytics', label: 'pp.shell.analytics' },
  { path: '/settings', label: 'pp.shell.settings' },
] as const;

/** An area is active on its own path and every path below it ('/leads/42'), never on '/leadsx'. */
export function isActivePath(pathname: string, areaPath: string): boolean {
  return pathname === areaPath || pathname.startsWith(`${areaPath}/`);
}
