import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import * as admin from '@contract/admin';
import { ApiError, call } from '@/lib/http';
import { loginTarget, pages, useGo } from '@/lib/nav';
import { tokenAtom } from '@/lib/state';
import { apiErrorsShown } from '@/lib/submit';
import { GROUP_LABELS, ROLE_LABELS } from './labels';
import { loadSections, type LoadedSection } from './registry';
import { StaffContext, type Staff } from './staff';
import styles from './Console.module.css';

type Gate =
  | { state: 'loading' }
  | { state: 'forbidden' }
  | { state: 'failed' }
  | { state: 'ready'; staff: Staff; sections: LoadedSection[] };

/** The section key of `/admin/<key>`, or '' at `/admin`. */
const keyOf = (pathname: string) => /^\/admin\/([\w-]+)/.exec(pathname)?.[1] ?? '';

/**
 * The back-office console: signed-out visitors go to login and come back; a signed-in account
 * without a staff role sees "no access"; staff get the sections their role may use, grouped in
 * a side menu (a scrolling strip on a phone), with the open section beside it.
 */
export function Console() {
  const token = useAtomValue(tokenAtom);
  const href = useRouterState({ select: (s) => s.location.href });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const go = useGo();
  const [gate, setGate] = useState<{ for: string; attempt: number; gate: Gate } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) {
      go(loginTarget(href), { replace: true });
      return;
    }
    let live = true;
    const settle = (next: Gate) => live && setGate({ for: token, attempt, gate: next });
    call(admin.me, {}, { silent: true })
      .then(async (staff) => settle({ state: 'ready', staff, sections: await loadSections(staff.role) }))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 403) return settle({ state: 'forbidden' });
        apiErrorsShown('console sign-in')(error);
        settle({ state: 'failed' });
      });
    return () => {
      live = false;
    };
    // `href` is read for the way back from login only; a section change is no reason to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, attempt, go]);

  const current: Gate = gate && gate.for === token && gate.attempt === attempt ? gate.gate : { state: 'loading' };

  if (!token || current.state === 'loading') {
    return (
      <div className={styles.center} role="status">
        <Trans>Loading the console…</Trans>
      </div>
    );
  }
  if (current.state === 'forbidden') {
    return (
      <div className={styles.center}>
        <div className={styles.notice}>
          <h1>
            <Trans>No access</Trans>
          </h1>
          <p>
            <Trans>
              The back office is for staff only. Your account has no staff role; ask an administrator if you need one.
            </Trans>
          </p>
          <button type="button" className={styles.button} onClick={() => go(pages.home)}>
            <Trans>Back to the app</Trans>
          </button>
        </div>
      </div>
    );
  }
  if (current.state === 'failed') {
    return (
      <div className={styles.center}>
        <div className={styles.notice}>
          <p>
            <Trans>The console could not be loaded.</Trans>
          </p>
          <button type="button" className={styles.button} onClick={() => setAttempt((n) => n + 1)}>
            <Trans>Retry</Trans>
          </button>
        </div>
      </div>
    );
  }
  return (
    <StaffContext.Provider value={current.staff}>
      <ConsoleLayout staff={current.staff} sections={current.sections} sectionKey={keyOf(pathname)} />
    </StaffContext.Provider>
  );
}

function ConsoleLayout({
  staff,
  sections,
  sectionKey,
}: {
  staff: Staff;
  sections: LoadedSection[];
  sectionKey: string;
}) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const go = useGo();
  const open = (key: string, replace = false) => void navigate({ to: '/admin/$key', params: { key }, replace });
  const first = sections[0]?.meta.key;
  const section = sections.find((s) => s.meta.key === sectionKey);

  useEffect(() => {
    if (!sectionKey && first) open(first, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sectionKey, first]);

  const groups = [...new Set(sections.map((s) => s.meta.group))];
  const Section = section?.Component;
  return (
    <div className={styles.console}>
      <header className={styles.header}>
        <span className={styles.brand}>
          <Trans>Back office</Trans>
        </span>
        <span className={styles.who}>
          <span className={styles.name} data-testid="staff-name">
            {staff.nickname}
          </span>
          <span className={styles.role} data-testid="staff-role">
            {i18n._(ROLE_LABELS[staff.role])}
          </span>
          <button type="button" className={styles.linkButton} onClick={() => go(pages.home)}>
            <Trans>Back to the app</Trans>
          </button>
        </span>
      </header>
      <nav className={styles.menu} aria-label={t`Console sections`}>
        {groups.map((g) => (
          <div key={g} className={styles.group}>
            <div className={styles.groupTitle}>{i18n._(GROUP_LABELS[g])}</div>
            {sections
              .filter((s) => s.meta.group === g)
              .map((s) => (
                <a
                  key={s.meta.key}
                  href={`#/admin/${s.meta.key}`}
                  className={styles.item}
                  aria-current={s.meta.key === sectionKey ? 'page' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    open(s.meta.key);
                  }}
                >
                  {i18n._(s.meta.title)}
                </a>
              ))}
          </div>
        ))}
      </nav>
      <main className={styles.content}>
        {Section ? (
          <Section key={sectionKey} />
        ) : sections.length === 0 ? (
          <p className={styles.empty}>
            <Trans>No sections are available to your role.</Trans>
          </p>
        ) : sectionKey ? (
          <p className={styles.empty}>
            <Trans>This section does not exist or is not available to your role.</Trans>
          </p>
        ) : null}
      </main>
    </div>
  );
}
