import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import FireFill from 'antd-mobile-icons/es/FireFill';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import CollectMoneyOutline from 'antd-mobile-icons/es/CollectMoneyOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import { OfflineAsOf } from '@/components/ListEnd';
import { NavBar } from '@/components/NavBar';
import { Refresh } from '@/components/Refresh';
import { USER_SCOPE } from '@/lib/db';
import { formatPercent } from '@/lib/format/number';
import { useCachedReply } from '@/lib/holdings';
import { pages, useGo, type GoTo } from '@/lib/nav';
import { tokenAtom, userAtom } from '@/lib/state';
import { fetchArtworks, fetchDualProducts, fetchLockProducts, fetchProjects, fetchTraders } from './api/highlights';
import { dualHighlight, ieoHighlight, lockHighlight } from './model/highlights';
import styles from './finance.module.css';

/** A rate as a percentage with up to `decimals` places, trailing zeros dropped: 0.0035 → "0.35%". */
const percent = (fraction: string, decimals = 2) => formatPercent(fraction, { signed: false, decimals });

/**
 * The Finance tab: one card per product (IEO, lock mining, dual investment, recurring buys, copy
 * trading, NFT) with what is on offer now, read from each product's own list and kept for offline
 * reading, and a shortcut to the user's own holdings of it.
 */
export function FinancePage() {
  const { t } = useLingui();
  const go = useGo();
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const ieo = useCachedReply('finance:ieo', fetchProjects);
  const lock = useCachedReply('finance:lock', fetchLockProducts);
  const dual = useCachedReply('finance:dual', fetchDualProducts);
  const artworks = useCachedReply('finance:nft', fetchArtworks);
  // The trader list is for signed-in users only.
  const traders = useCachedReply(`${USER_SCOPE}${uid}:finance:traders`, fetchTraders, signedIn);

  const projects = ieo.value ? ieoHighlight(ieo.value.data) : null;
  const yields = lock.value ? lockHighlight(lock.value) : null;
  const bestApr = dual.value ? dualHighlight(dual.value.products) : null;
  const staleTimes = [ieo, lock, dual, artworks].flatMap((r) =>
    r.failed && r.savedAt !== undefined ? [r.savedAt] : [],
  );
  const oldest = staleTimes.length > 0 ? Math.min(...staleTimes) : undefined;
  const loading = (r: { value: unknown }) => r.value === undefined || r.value === null;

  return (
    <>
      <NavBar title={t`Finance`} back={false} />
      <Refresh
        onRefresh={() =>
          Promise.all([
            ieo.refresh(),
            lock.refresh(),
            dual.refresh(),
            artworks.refresh(),
            signedIn ? traders.refresh() : null,
          ])
        }
      >
        <main className={styles.page}>
          <section className={styles.intro}>
            <h2 className={styles.introTitle}>
              <Trans>Put your crypto to work</Trans>
            </h2>
            <p className={styles.introText}>
              <Trans>
                Each product shows its rates, lock period, fees and settlement rule before you confirm. Returns are not
                guaranteed unless a product says so.
              </Trans>
            </p>
          </section>
          <OfflineAsOf savedAt={oldest} show={oldest !== undefined} />
          <ProductCard
            testId="finance-ieo"
            icon={<FireFill />}
            tint="#f04a5a"
            title={t`IEO`}
            description={t`Subscribe to new coins at the issue price; allocated pro rata when oversubscribed.`}
            figure={projects ? String(projects.inProgress) : undefined}
            caption={
              projects ? t`in progress · ${projects.warmUp} warming up` : loading(ieo) ? undefined : t`No projects yet`
            }
            open={{ to: pages.ieo.ieo }}
            mine={{ label: t`My subscriptions`, to: { to: pages.ieo.order } }}
            onGo={go}
          />
          <ProductCard
            testId="finance-lock"
            icon={<LockOutline />}
            tint="#28ba98"
            title={t`Lock mining`}
            description={t`Lock USDT for a set number of days and receive interest every day; early redemption costs a published penalty.`}
            figure={yields ? `${percent(yields.min, 3)} – ${percent(yields.max, 3)}` : undefined}
            caption={yields ? t`daily yield` : loading(lock) ? undefined : t`No products open now`}
            open={{ to: pages.lockming.lockming }}
            mine={{ label: t`Locked positions`, to: { to: pages.lockming.order } }}
            extra={{ label: t`How it works`, to: { to: pages.lockming.welcome } }}
            onGo={go}
          />
          <ProductCard
            testId="finance-dual"
            icon={<CollectMoneyOutline />}
            tint="#5b8def"
            title={t`Dual investment`}
            description={t`A fixed annual rate, paid in the coin or in USDT depending on the price at maturity. Not capital protected.`}
            figure={bestApr ? percent(bestApr) : undefined}
            caption={bestApr ? t`best annualized rate` : loading(dual) ? undefined : t`No products on sale now`}
            open={{ to: pages.invest.invest }}
            mine={{ label: t`My investments`, to: { to: pages.invest.mine } }}
            extra={{ label: t`Instructions`, to: { to: pages.invest.help } }}
            onGo={go}
          />
          <RecurringCard onGo={go} />
          <ProductCard
            testId="finance-copy"
            icon={<TeamOutline />}
            tint="#a77bf3"
            title={t`Copy trading`}
            description={t`Follow traders whose statistics come from their real futures trades; your copies open and close with theirs.`}
            figure={signedIn && traders.value ? String(traders.value.total) : undefined}
            caption={signedIn ? (traders.value ? t`traders to follow` : undefined) : t`Log in to see the traders`}
            open={{ to: pages.follow.index }}
            mine={{ label: t`My copy trading`, to: { to: pages.copytrade.my } }}
            onGo={go}
          />
          <ProductCard
            testId="finance-nft"
            icon={<PictureOutline />}
            tint="#f0a23b"
            title={t`NFT marketplace`}
            description={t`Artworks at a fixed price or at auction, and blind boxes whose contents are committed before the sale.`}
            figure={artworks.value ? String(artworks.value.total) : undefined}
            caption={artworks.value ? t`artworks listed` : loading(artworks) ? undefined : t`Nothing on sale now`}
            open={{ to: pages.nft.nft }}
            mine={{ label: t`My NFTs`, to: { to: pages.nft.myNft } }}
            extra={{ label: t`Messages and payments`, to: { to: pages.nft.mine } }}
            onGo={go}
          />
        </main>
      </Refresh>
    </>
  );
}

interface Link {
  label: string;
  to: GoTo;
}

interface ProductCardProps {
  testId: string;
  icon: ReactNode;
  tint: string;
  title: string;
  description: string;
  /** The headline figure; a placeholder while the first reply is on its way. */
  figure: string | undefined;
  caption: string | undefined;
  open: GoTo;
  mine: Link;
  extra?: Link;
  onGo: (to: GoTo) => void;
}

function ProductCard({
  testId,
  icon,
  tint,
  title,
  description,
  figure,
  caption,
  open,
  mine,
  extra,
  onGo,
}: ProductCardProps) {
  return (
    <article className={styles.card} data-testid={testId}>
      <button type="button" className={styles.cardMain} onClick={() => onGo(open)}>
        <span className={styles.icon} style={{ color: tint, background: `${tint}22` }} aria-hidden>
          {icon}
        </span>
        <span className={styles.body}>
          <span className={styles.title}>{title}</span>
          <span className={styles.description}>{description}</span>
          <span className={styles.figureLine}>
            {figure !== undefined ? (
              <span className={styles.figure}>{figure}</span>
            ) : (
              caption === undefined && <span className={styles.placeholder} aria-hidden />
            )}
            {caption !== undefined && <span className={styles.caption}>{caption}</span>}
          </span>
        </span>
        <RightOutline className={styles.chevron} aria-hidden />
      </button>
      <div className={styles.links}>
        <button type="button" className={styles.link} onClick={() => onGo(mine.to)}>
          {mine.label}
        </button>
        {extra && (
          <button type="button" className={styles.link} onClick={() => onGo(extra.to)}>
            {extra.label}
          </button>
        )}
      </div>
    </article>
  );
}

/** Recurring buys: plans of the user's own, so nothing to read before it is opened. */
function RecurringCard({ onGo }: { onGo: (to: GoTo) => void }) {
  const { t } = useLingui();
  return (
    <ProductCard
      testId="finance-recurring"
      icon={<LoopOutline />}
      tint="#2fa4d8"
      title={t`Recurring buys`}
      description={t`Buy a coin with a fixed amount of USDT every day, week or month, at the hour you choose.`}
      figure={undefined}
      caption={t`Daily, weekly or monthly`}
      open={{ to: pages.recurring.index }}
      mine={{ label: t`New plan`, to: { to: pages.recurring.create } }}
      onGo={onGo}
    />
  );
}
