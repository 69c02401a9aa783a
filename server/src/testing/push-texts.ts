import { expect, it } from 'vitest';
import { LOCALES } from '@contract/domain/locales';
import { pushEventSchema, pushPayloadSchema, type PushEvent } from '@contract/push';
import { pushTexts, type PushRenderers, type PushTexts, type Texts } from '../push/texts';
import { PUSH_RENDERERS } from '../wiring';

/**
 * The app's push texts (every renderer, joined by `wiring.ts`) for tests, browser tests and
 * benchmarks that render or deliver pushes outside an app, and the checks of each area's texts.
 */
export const testPushTexts: PushTexts = pushTexts(PUSH_RENDERERS);
export const { render, payloadOf, topicOf } = testPushTexts;

/**
 * The checks every area's push texts pass, beside them (`push/texts.test.ts` for the core's,
 * `products/<name>/push-texts.test.ts` for a product's): every text of `tables` is in all 8
 * languages, and `events` (one of every type `renderers` renders, and of every variant that
 * changes the text) render in every language with their values, a route of the app and a valid
 * payload, through the app's table.
 */
export function itChecksPushTexts(
  tables: readonly Record<string, Texts>[],
  renderers: Partial<PushRenderers>,
  events: readonly PushEvent[],
): void {
  it('has every text in all 8 languages', () => {
    for (const table of tables) {
      for (const [key, texts] of Object.entries(table)) {
        for (const l of LOCALES) expect(texts[l]?.trim().length, `${key} ${l}`).toBeGreaterThan(0);
      }
    }
  });

  it('renders every event in every language with its values, a route of the app and a valid payload', () => {
    const types = new Set(events.map((e) => e.type));
    expect(types).toEqual(new Set(Object.keys(renderers)));
    for (const event of events) {
      pushEventSchema.parse(event);
      const titles = new Set<string>();
      for (const l of LOCALES) {
        const p = pushPayloadSchema.parse(payloadOf('e1', event, l, new Date(0)));
        expect(p.body).not.toMatch(/\{\w+\}/);
        expect(p.route).toMatch(/^\/(pages\/[A-Za-z0-9_]+(\/[A-Za-z0-9_]+)+)?(\?[A-Za-z0-9_\-.=&%]*)?$/);
        for (const a of p.actions) expect(a.route).toMatch(/^\/pages\//);
        if ('name' in event) expect(p.body).toContain(event.name);
        titles.add(p.title);
      }
      // Translated: announcements are the admin's own words; the rest differ by language.
      if (event.type !== 'system.announcement') expect(titles.size).toBeGreaterThan(4);
    }
  });
}
