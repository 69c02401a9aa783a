import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  adminContentDelete,
  adminContentList,
  adminContentPublish,
  adminContentSave,
  adminContentText,
  BANNER_ARTS,
  CONTENT_BODY_MAX,
  CONTENT_PAGES,
  CONTENT_SUMMARY_MAX,
  CONTENT_TITLE_MAX,
  type AdminContentItem,
  type BannerArt,
  type ContentKind,
  type ContentPage,
} from '@contract/content';
import { LOCALE_NAMES, LOCALES, type Locale } from '@contract/domain/locales';
import { formatDateTime } from '@/lib/format';
import { call } from '@/lib/http/client';
import { activeBcp47 } from '@/lib/i18n';
import { useSubmit } from '@/lib/submit';
import { toast } from '@/lib/toast';
import {
  AdminButton,
  FilterBar,
  PagedTable,
  Panel,
  SectionPage,
  SelectFilter,
  Split,
  Tag,
  useConfirm,
  type Column,
} from '../components';
import type { SectionMeta } from '../section';
import styles from './content.module.css';

export const meta: SectionMeta = {
  key: 'content',
  title: msg`Content and announcements`,
  group: 'content',
  roles: ['admin'],
  order: 1,
};

/**
 * News, banners, popup notices, FAQ and the info pages in the 8 languages: an item's settings,
 * one language's title, summary and HTML body at a time (the server sanitises it), publish and
 * withdraw, delete. English is the fallback of every language, so publishing needs it.
 */
export default function ContentSection() {
  const { t } = useLingui();
  const [kind, setKind] = useState<ContentKind>('news');
  const [selected, setSelected] = useState<AdminContentItem | null>(null);
  const [reload, setReload] = useState(0);
  const { confirm, dialog } = useConfirm();
  const refreshList = () => setReload((n) => n + 1);
  const kinds: { value: ContentKind; label: string }[] = [
    { value: 'news', label: t`News` },
    { value: 'banner', label: t`Banners` },
    { value: 'popup', label: t`Popup notices` },
    { value: 'faq', label: t`FAQ` },
    { value: 'page', label: t`Pages` },
  ];
  const pageNames = usePageNames();
  const when = (ms: number | null) => (ms ? formatDateTime(ms, activeBcp47()) : '—');
  const title = (i: AdminContentItem) => i.texts.en?.title ?? Object.values(i.texts)[0]?.title ?? t`(no text yet)`;

  const columns: Column<AdminContentItem>[] = [
    { key: 'title', title: t`Title (English)`, render: (i) => (i.page_key ? pageNames[i.page_key] : title(i)) },
    { key: 'langs', title: t`Languages`, render: (i) => `${Object.keys(i.texts).length}/${LOCALES.length}` },
    ...(kind === 'banner' || kind === 'faq' || kind === 'page'
      ? [{ key: 'sort', title: t`Sort order`, render: (i: AdminContentItem) => i.sort }]
      : []),
    {
      key: 'state',
      title: t`State`,
      render: (i) => (i.published ? <Tag tone="good">{t`Published`}</Tag> : <Tag tone="wait">{t`Draft`}</Tag>),
    },
    { key: 'published_at', title: t`Published at`, render: (i) => when(i.published_at) },
  ];

  const create = async () => {
    if (kind === 'page') {
      // One item per page: create the first page that has none.
      const taken = new Set(
        (await call(adminContentList, { kind: 'page', page: 1, limit: 100 })).data.map((i) => i.page_key),
      );
      const free = CONTENT_PAGES.find((p) => !taken.has(p));
      if (!free) {
        toast(t`Every page exists already: edit it instead.`);
        return;
      }
      setSelected(await call(adminContentSave, { kind, page_key: free }));
    } else {
      setSelected(await call(adminContentSave, { kind }));
    }
    refreshList();
  };
  const creating = useSubmit(create, { name: 'content.create' });

  const changed = (item: AdminContentItem | null) => {
    setSelected(item);
    refreshList();
  };

  return (
    <SectionPage
      title={<Trans>Content and announcements</Trans>}
      actions={
        <AdminButton kind="primary" disabled={creating.busy} onClick={() => void creating.submit()}>
          <Trans>New</Trans>
        </AdminButton>
      }
    >
      <FilterBar>
        <SelectFilter
          label={<Trans>Kind</Trans>}
          value={kind}
          options={kinds}
          onChange={(k) => {
            setKind(k);
            setSelected(null);
          }}
        />
      </FilterBar>
      <Split
        list={
          <PagedTable
            columns={columns}
            load={(page) => call(adminContentList, { kind, page, limit: 20 })}
            rowKey={(i) => i.id}
            reloadKey={`${kind}:${reload}`}
            onRowClick={setSelected}
            selectedKey={selected?.id}
            empty={<Trans>Nothing here yet: create the first one with New.</Trans>}
          />
        }
        detail={
          selected ? (
            <ItemEditor
              key={selected.id}
              item={selected}
              heading={selected.page_key ? pageNames[selected.page_key] : title(selected)}
              confirm={confirm}
              onChanged={changed}
            />
          ) : undefined
        }
      />
      {dialog}
    </SectionPage>
  );
}

function usePageNames(): Record<ContentPage, string> {
  const { t } = useLingui();
  return { aboutus: t`About us`, contactus: t`Contact us`, operational_compliance: t`Operational compliance` };
}

type Confirm = ReturnType<typeof useConfirm>['confirm'];

function ItemEditor({
  item,
  heading,
  confirm,
  onChanged,
}: {
  item: AdminContentItem;
  heading: string;
  confirm: Confirm;
  onChanged: (item: AdminContentItem | null) => void;
}) {
  const { t } = useLingui();
  const [locale, setLocale] = useState<Locale>('en');
  const publish = () =>
    confirm(
      {
        title: item.published ? t`Withdraw "${heading}"?` : t`Publish "${heading}"?`,
        body: item.published
          ? t`Users will no longer see it.`
          : t`Users see it at once, in their language or else in English.`,
        danger: item.published,
      },
      async () => onChanged(await call(adminContentPublish, { id: item.id, published: item.published ? '0' : '1' })),
    );
  const remove = () =>
    confirm(
      { title: t`Delete "${heading}"?`, body: t`It and its texts in every language are removed.`, danger: true },
      async () => {
        await call(adminContentDelete, { id: item.id });
        onChanged(null);
      },
    );
  return (
    <Panel title={heading} label={t`Edit content`}>
      <div className={styles.actions}>
        <AdminButton kind={item.published ? 'danger' : 'primary'} onClick={() => void publish()}>
          {item.published ? <Trans>Withdraw</Trans> : <Trans>Publish</Trans>}
        </AdminButton>
        <AdminButton kind="danger" onClick={() => void remove()}>
          <Trans>Delete</Trans>
        </AdminButton>
        {item.published ? <Tag tone="good">{t`Published`}</Tag> : <Tag tone="wait">{t`Draft`}</Tag>}
      </div>
      {(item.kind === 'banner' || item.kind === 'faq' || item.kind === 'page') && (
        <Settings item={item} onSaved={onChanged} />
      )}
      <div className={styles.locales} role="tablist" aria-label={t`Language`}>
        {LOCALES.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            aria-selected={l === locale}
            className={l === locale ? `${styles.locale} ${styles.localeOn}` : styles.locale}
            onClick={() => setLocale(l)}
          >
            {LOCALE_NAMES[l]}
            {item.texts[l] ? ' ✓' : ''}
          </button>
        ))}
      </div>
      <TextForm key={`${item.id}:${locale}`} item={item} locale={locale} onSaved={onChanged} />
    </Panel>
  );
}

/** Order, and for a banner its artwork and the news article it opens. */
function Settings({ item, onSaved }: { item: AdminContentItem; onSaved: (item: AdminContentItem) => void }) {
  const { t } = useLingui();
  const [sort, setSort] = useState(String(item.sort));
  const [image, setImage] = useState<BannerArt>(
    (BANNER_ARTS as readonly string[]).includes(item.image) ? (item.image as BannerArt) : 'sunrise',
  );
  const [link, setLink] = useState(item.link_id ? String(item.link_id) : '');
  const arts: Record<BannerArt, string> = {
    sunrise: t`Sunrise`,
    ocean: t`Ocean`,
    forest: t`Forest`,
    violet: t`Violet`,
  };
  const save = useSubmit(
    async () => {
      const saved = await call(adminContentSave, {
        id: item.id,
        kind: item.kind,
        ...(item.page_key ? { page_key: item.page_key } : {}),
        sort,
        ...(item.kind === 'banner' ? { image, ...(link.trim() ? { link_id: link.trim() } : {}) } : {}),
      });
      toast(t`Saved`);
      onSaved(saved);
    },
    { name: 'content.settings' },
  );
  return (
    <form
      className={styles.settings}
      onSubmit={(e) => {
        e.preventDefault();
        void save.submit();
      }}
    >
      <label className={styles.field}>
        <span>
          <Trans>Order (smallest first)</Trans>
        </span>
        <input inputMode="numeric" value={sort} onChange={(e) => setSort(e.target.value)} />
      </label>
      {item.kind === 'banner' && (
        <>
          <label className={styles.field}>
            <span>
              <Trans>Banner picture</Trans>
            </span>
            <select value={image} onChange={(e) => setImage(e.target.value as BannerArt)}>
              {BANNER_ARTS.map((a) => (
                <option key={a} value={a}>
                  {arts[a]}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span>
              <Trans>Opens news article (id, optional)</Trans>
            </span>
            <input inputMode="numeric" value={link} onChange={(e) => setLink(e.target.value)} />
          </label>
        </>
      )}
      <AdminButton type="submit" disabled={save.busy}>
        <Trans>Save settings</Trans>
      </AdminButton>
    </form>
  );
}

/** One language's text; the body is HTML, sanitised by the server when saved. */
function TextForm({
  item,
  locale,
  onSaved,
}: {
  item: AdminContentItem;
  locale: Locale;
  onSaved: (item: AdminContentItem) => void;
}) {
  const { t } = useLingui();
  const text = item.texts[locale];
  const [title, setTitle] = useState(text?.title ?? '');
  const [summary, setSummary] = useState(text?.summary ?? '');
  const [body, setBody] = useState(text?.body ?? '');
  const faq = item.kind === 'faq';
  const language = LOCALE_NAMES[locale];
  const save = useSubmit(
    async () => {
      const saved = await call(adminContentText, { id: item.id, locale, title, summary, body });
      toast(t`Saved`);
      onSaved(saved);
    },
    { name: 'content.text' },
  );
  return (
    <form
      className={styles.text}
      onSubmit={(e) => {
        e.preventDefault();
        void save.submit();
      }}
    >
      {locale !== 'en' && !text && (
        <p className={styles.hint}>
          <Trans>No text in this language yet: users see the English text.</Trans>
        </p>
      )}
      <label className={styles.field}>
        <span>{faq ? <Trans>Question</Trans> : <Trans>Title</Trans>}</span>
        <input value={title} maxLength={CONTENT_TITLE_MAX} required onChange={(e) => setTitle(e.target.value)} />
      </label>
      {!faq && item.kind !== 'page' && (
        <label className={styles.field}>
          <span>
            <Trans>Summary (plain text; banners and the popup show it)</Trans>
          </span>
          <textarea
            rows={2}
            value={summary}
            maxLength={CONTENT_SUMMARY_MAX}
            onChange={(e) => setSummary(e.target.value)}
          />
        </label>
      )}
      {item.kind !== 'banner' && (
        <label className={styles.field}>
          <span>{faq ? <Trans>Answer (HTML)</Trans> : <Trans>Body (HTML)</Trans>}</span>
          <textarea
            rows={12}
            className={styles.code}
            value={body}
            maxLength={CONTENT_BODY_MAX}
            onChange={(e) => setBody(e.target.value)}
          />
          <small className={styles.hint}>
            <Trans>
              Paragraphs, headings, lists, bold, italic, tables and links (https, mailto, tel) are kept; scripts,
              styles, images and event handlers are removed when saved.
            </Trans>
          </small>
        </label>
      )}
      <AdminButton kind="primary" type="submit" disabled={save.busy}>
        <Trans>Save {language}</Trans>
      </AdminButton>
    </form>
  );
}
