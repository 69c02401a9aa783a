import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as content from '@contract/content';
import { LOCALES } from '@contract/domain/locales';
import { auditLog, users } from '../../db/schema/index';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { describeOnOneDatabase } from '../../testing/suite';
import { okOf } from '../../testing/wallet';
import { sanitizeBody } from './service';

async function adminOf(t: TestApp) {
  const boss = await registerUser(t);
  await t.app.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, boss.user.id));
  return { token: boss.token, id: boss.user.id };
}

const ok = async <E extends content.AdminContentItem | unknown>(
  t: TestApp,
  endpoint: Parameters<TestApp['call']>[0],
  data: Record<string, unknown>,
  token?: string,
) => {
  const res = await t.call(endpoint, data, token ? { token } : {});
  expect(res.body.type, JSON.stringify(res.body)).toBe('ok');
  return res.body.message as E;
};

/** A news article with English (and optionally other) texts, published unless told. */
async function article(
  t: TestApp,
  token: string,
  texts: Partial<Record<(typeof LOCALES)[number], string>> = { en: 'Hello' },
  publish = true,
) {
  const item = await ok<content.AdminContentItem>(t, content.adminContentSave, { kind: 'news' }, token);
  for (const [locale, title] of Object.entries(texts)) {
    await ok(
      t,
      content.adminContentText,
      { id: item.id, locale, title, summary: `${title} summary`, body: `<p>${title} body</p>` },
      token,
    );
  }
  if (publish) await ok(t, content.adminContentPublish, { id: item.id, published: '1' }, token);
  return item.id;
}

describeOnOneDatabase('content', ({ app }) => {
  it('seeds demo content in all 8 languages: news, banners, a popup notice, FAQ and the pages', async () => {
    const t = app();
    for (const lang of LOCALES) {
      const news = okOf(content.newsList, (await t.call(content.newsList, { c_id: 4, lang })).body);
      expect(news.data.length).toBeGreaterThanOrEqual(3);
      expect(news.data.every((n) => n.locale === lang && n.c_id === 4)).toBe(true);
      const banners = okOf(content.newsList, (await t.call(content.newsList, { c_id: 5, lang })).body);
      expect(banners.data.length).toBeGreaterThanOrEqual(2);
      expect(banners.data.every((b) => (content.BANNER_ARTS as readonly string[]).includes(b.image))).toBe(true);
      const pop = okOf(content.newsIndexPop, (await t.call(content.newsIndexPop, { lang })).body);
      expect(pop?.locale).toBe(lang);
      const faq = okOf(content.faq, (await t.call(content.faq, { lang })).body);
      expect(faq.length).toBeGreaterThanOrEqual(8);
      for (const page of [content.aboutus, content.contactus, content.operationalCompliance]) {
        const p = okOf(page, (await t.call(page, { lang })).body);
        expect(p.locale).toBe(lang);
        expect(p.body.length).toBeGreaterThan(40);
      }
      const menu = okOf(content.menu, (await t.call(content.menu, { lang })).body);
      expect(menu.map((m) => m.key).sort()).toEqual(['aboutus', 'contactus', 'operational_compliance']);
    }
    // A banner links to a seeded article that opens.
    const banners = okOf(content.newsList, (await t.call(content.newsList, { c_id: 5, lang: 'en' })).body).data;
    const linked = banners.find((b) => b.link_id !== null);
    expect(linked).toBeDefined();
    const detail = okOf(
      content.newsDetail,
      (await t.call(content.newsDetail, { id: linked!.link_id, lang: 'en' })).body,
    );
    expect(detail.kind).toBe('news');
  });

  it('answers in the request language and falls back to English where that language has no text', async () => {
    const t = app();
    const admin = await adminOf(t);
    const id = await article(t, admin.token, { en: 'Maintenance window', fra: 'Fenêtre de maintenance' });
    const fra = okOf(content.newsDetail, (await t.call(content.newsDetail, { id, lang: 'fra' })).body);
    expect(fra).toMatchObject({ title: 'Fenêtre de maintenance', locale: 'fra' });
    const th = okOf(content.newsDetail, (await t.call(content.newsDetail, { id, lang: 'th' })).body);
    expect(th).toMatchObject({ title: 'Maintenance window', locale: 'en', body: '<p>Maintenance window body</p>' });
    const list = okOf(content.newsList, (await t.call(content.newsList, { c_id: 4, lang: 'th', limit: 100 })).body);
    expect(list.data.find((n) => n.id === id)).toMatchObject({ title: 'Maintenance window', locale: 'en' });
    // Newest first: the article published now comes before the seeded ones.
    expect(list.data[0]!.id).toBe(id);
  });

  it('shows users nothing unpublished or withdrawn, and publishing needs the English text', async () => {
    const t = app();
    const admin = await adminOf(t);
    const draft = await article(t, admin.token, { en: 'Draft' }, false);
    const notFound = { type: 'error', message: 'This content does not exist' };
    expect((await t.call(content.newsDetail, { id: draft, lang: 'en' })).body).toEqual(notFound);
    const list = okOf(content.newsList, (await t.call(content.newsList, { c_id: 4, limit: 100 })).body);
    expect(list.data.some((n) => n.id === draft)).toBe(false);

    const noEnglish = await article(t, admin.token, { zh: '只有中文' }, false);
    const refused = await t.call(
      content.adminContentPublish,
      { id: noEnglish, published: '1', lang: 'en' },
      { token: admin.token },
    );
    expect(refused.body.type).toBe('error');
    expect(refused.body.message).toMatch(/English/);

    const live = await article(t, admin.token, { en: 'Live' });
    expect((await t.call(content.newsDetail, { id: live })).body.type).toBe('ok');
    const first = await ok<content.AdminContentItem>(
      t,
      content.adminContentPublish,
      { id: live, published: '0' },
      admin.token,
    );
    expect(first.published).toBe(false);
    expect((await t.call(content.newsDetail, { id: live, lang: 'en' })).body).toEqual(notFound);

    // A popup notice is shown only once published; the newest published one wins.
    const pop = await ok<content.AdminContentItem>(t, content.adminContentSave, { kind: 'popup' }, admin.token);
    await ok(t, content.adminContentText, { id: pop.id, locale: 'en', title: 'Notice', body: '<p>x</p>' }, admin.token);
    const before = okOf(content.newsIndexPop, (await t.call(content.newsIndexPop, {})).body);
    expect(before?.id).not.toBe(pop.id);
    await ok(t, content.adminContentPublish, { id: pop.id, published: '1' }, admin.token);
    const after = okOf(content.newsIndexPop, (await t.call(content.newsIndexPop, { lang: 'en' })).body);
    expect(after).toMatchObject({ id: pop.id, title: 'Notice', kind: 'popup' });
    // A deleted article is gone for users too.
    await ok(t, content.adminContentDelete, { id: pop.id }, admin.token);
    expect((await t.call(content.newsDetail, { id: pop.id, lang: 'en' })).body).toEqual(notFound);
  });

  it('lets only admins edit, and audits each change with before and after', async () => {
    const t = app();
    const user = await registerUser(t);
    const created = await t.call(content.adminContentSave, { kind: 'news' }, { token: user.token });
    expect(created.status).toBe(403);
    expect((await t.call(content.adminContentList, { kind: 'news' }, { token: user.token })).status).toBe(403);
    expect((await t.call(content.adminContentSave, { kind: 'news' })).body.type).toBe('999');

    const admin = await adminOf(t);
    const id = await article(t, admin.token, { en: 'Audited' });
    await ok(t, content.adminContentText, { id, locale: 'en', title: 'Audited twice', body: '<p>b</p>' }, admin.token);
    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'content_item'), eq(auditLog.entityId, id)));
    expect(rows.map((r) => r.action)).toEqual(['content.create', 'content.text', 'content.publish', 'content.text']);
    expect(rows.every((r) => r.adminId === admin.id)).toBe(true);
    const last = rows[3]!;
    expect(last.before).toMatchObject({ locale: 'en', text: { title: 'Audited' } });
    expect(last.after).toMatchObject({ locale: 'en', text: { title: 'Audited twice' } });
    const publish = rows[2]!;
    expect(publish.before).toMatchObject({ published: false });
    expect(publish.after).toMatchObject({ published: true });

    const list = okOf(
      content.adminContentList,
      (await t.call(content.adminContentList, { kind: 'news', limit: 100 }, { token: admin.token })).body,
    );
    expect(list.data.find((i) => i.id === id)?.texts.en?.title).toBe('Audited twice');

    await ok(t, content.adminContentDelete, { id }, admin.token);
    const [deleted] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.delete'), eq(auditLog.entityId, id)));
    expect(deleted?.before).toMatchObject({ item: { id }, texts: [{ title: 'Audited twice' }] });
    expect(deleted?.after).toBeNull();
  });

  it('refuses bad input: unknown ids, categories, kinds, a page without its key or a second copy of it', async () => {
    const t = app();
    const admin = await adminOf(t);
    const call = (e: Parameters<TestApp['call']>[0], data: Record<string, unknown>, token?: string) =>
      t.call(e, { lang: 'en', ...data }, token ? { token } : {});
    expect((await call(content.newsList, { c_id: 7 })).body.type).toBe('error');
    expect((await call(content.newsList, { c_id: 'abc' })).body.type).toBe('error');
    expect((await call(content.newsDetail, { id: 'x' })).body.type).toBe('error');
    expect((await call(content.newsDetail, { id: 2 ** 31 })).body.type).toBe('error');
    expect((await call(content.newsDetail, { id: 999_999 })).body.message).toBe('This content does not exist');
    expect((await call(content.adminContentSave, { kind: 'video' }, admin.token)).body.type).toBe('error');
    expect((await call(content.adminContentSave, { kind: 'page' }, admin.token)).body.message).toBe(
      'Choose which page this is',
    );
    expect(
      (await call(content.adminContentSave, { kind: 'page', page_key: 'aboutus' }, admin.token)).body.message,
    ).toBe('This page already exists');
    expect((await call(content.adminContentSave, { kind: 'banner', image: 'javascript' }, admin.token)).body.type).toBe(
      'error',
    );
    const item = await ok<content.AdminContentItem>(t, content.adminContentSave, { kind: 'news' }, admin.token);
    // An item keeps its kind.
    expect((await call(content.adminContentSave, { id: item.id, kind: 'banner' }, admin.token)).body.type).toBe(
      'error',
    );
    expect(
      (await call(content.adminContentText, { id: item.id, locale: 'de', title: 'x' }, admin.token)).body.type,
    ).toBe('error');
    expect(
      (await call(content.adminContentText, { id: item.id, locale: 'en', title: '' }, admin.token)).body.type,
    ).toBe('error');
    expect(
      (
        await call(
          content.adminContentText,
          { id: item.id, locale: 'en', title: 'x', body: 'a'.repeat(20_001) },
          admin.token,
        )
      ).body.type,
    ).toBe('error');
    expect(
      (await call(content.adminContentText, { id: 999_999, locale: 'en', title: 'x' }, admin.token)).body.message,
    ).toBe('This content does not exist');
    expect((await call(content.adminContentPublish, { id: item.id, published: 'yes' }, admin.token)).body.type).toBe(
      'error',
    );
    expect((await call(content.adminContentDelete, { id: 999_999 }, admin.token)).body.type).toBe('error');
  });

  it('sanitises rich text when saved: no scripts, event handlers or javascript: links', async () => {
    const t = app();
    const admin = await adminOf(t);
    const item = await ok<content.AdminContentItem>(t, content.adminContentSave, { kind: 'news' }, admin.token);
    const dirty = [
      '<p onclick="steal()">Hello <strong>world</strong></p>',
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '<a href="javascript:alert(3)">bad link</a>',
      '<a href="JaVaScRiPt&colon;alert(4)">encoded</a>',
      '<a href="https://example.com/docs" onmouseover="x()">good link</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<style>body{display:none}</style>',
      '<svg><script>alert(5)</script></svg>',
    ].join('');
    const saved = await ok<content.AdminContentItem>(
      t,
      content.adminContentText,
      { id: item.id, locale: 'en', title: 'Clean', body: dirty },
      admin.token,
    );
    const body = saved.texts.en!.body;
    expect(body).not.toMatch(/<script|onclick|onerror|onmouseover|javascript:|<iframe|<style|<img|<svg|alert/i);
    expect(body).toContain('<p>Hello <strong>world</strong></p>');
    expect(body).toContain(
      '<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer">good link</a>',
    );
    await ok(t, content.adminContentPublish, { id: item.id, published: '1' }, admin.token);
    const read = okOf(content.newsDetail, (await t.call(content.newsDetail, { id: item.id, lang: 'en' })).body);
    expect(read.body).toBe(body);
    // The same rules as a unit: a data: URL and a protocol-relative link are dropped as well.
    const links = await sanitizeBody('<a href="data:text/html,<script>x</script>">d</a><a href="//evil.example">p</a>');
    expect(links).not.toMatch(/href|data:|evil/);
    expect(links).toContain('>d</a>');
  });
});
