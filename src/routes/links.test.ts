import { describe, expect, it } from 'vitest';
import { QUICK_ENTRIES } from '@/features/home/model/entries';
import { ABOUT_ENTRIES, ACCOUNT_ENTRIES } from '@/features/settings/model/entries';
import { ROUTES as HTTP_REDIRECTS } from '@/lib/http';
import { isRoutePath, searchSchemas, TABS, type GoTo } from '@/lib/nav';

/**
 * A target is good when its path is registered and each search field it sets is one its route
 * declares and survives validation unchanged (a fallback would mean the link is wrong).
 */
function problemsOf(name: string, target: GoTo): string[] {
  const { to, search } = typeof target === 'string' ? { to: target, search: undefined } : target;
  if (!isRoutePath(to)) return [`${name}: ${to} is not a registered route`];
  if (!search || Object.keys(search).length === 0) return [];
  const schema = (searchSchemas as Partial<Record<string, (typeof searchSchemas)[keyof typeof searchSchemas]>>)[to];
  if (!schema) return [`${name}: ${to} takes no search parameters`];
  // Validation keeps only the fields a route declares, and replaces a bad value by its fallback.
  const parsed = schema.parse(search) as Record<string, unknown>;
  return Object.entries(search).flatMap(([key, value]) =>
    parsed[key] === value ? [] : [`${name}: ${to} does not take ${key}=${String(value)}`],
  );
}

const targets: [string, GoTo][] = [
  ...QUICK_ENTRIES.flatMap((e): [string, GoTo][] => (e.target ? [[`home entry ${e.key}`, e.target]] : [])),
  ...[...ACCOUNT_ENTRIES, ...ABOUT_ENTRIES].map((e): [string, GoTo] => [`settings entry ${e.key}`, e.to]),
  ...TABS.map((t): [string, GoTo] => [`tab ${t.key}`, t.path]),
  ...Object.entries(HTTP_REDIRECTS).map(([k, to]): [string, GoTo] => [`client redirect ${k}`, to]),
];

describe('links and entries', () => {
  it('point at registered routes with valid search parameters', () => {
    expect(targets.flatMap(([name, target]) => problemsOf(name, target))).toEqual([]);
  });

  it('lead the home withdraw entry to withdrawal and recharge to recharge', () => {
    const byKey = new Map(QUICK_ENTRIES.map((e) => [e.key, e.target]));
    const select = searchSchemas['/pages/fund/select'];
    expect(select.parse(byKey.get('withdraw')?.search).next).toBe('withdraw');
    expect(select.parse(byKey.get('recharge')?.search).next).toBe('receive');
  });
});
