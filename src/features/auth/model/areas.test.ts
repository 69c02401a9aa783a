import { describe, expect, it } from 'vitest';
import { groupAreas, localizeAreas, matchesArea } from './areas';
import { indexKey } from './areaIndex';

const SAMPLE = [
  { iso: 'CN', code: '86' },
  { iso: 'US', code: '1' },
  { iso: 'GB', code: '44' },
  { iso: 'FR', code: '33' },
  { iso: 'AE', code: '971' },
  { iso: 'HK', code: '852' },
  { iso: 'KR', code: '82' },
  { iso: 'JP', code: '81' },
];

describe('indexKey', () => {
  it('uses the accent-free Latin initial', () => {
    expect(indexKey('Émirats arabes unis', 'fra')).toBe('E');
    expect(indexKey('Österreich', 'en')).toBe('O');
  });

  it('uses the pinyin initial for Chinese names', () => {
    expect(indexKey('中国', 'zh')).toBe('Z');
    expect(indexKey('美国', 'zh')).toBe('M');
    expect(indexKey('阿拉伯联合酋长国', 'zh')).toBe('A');
    expect(indexKey('美國', 'hk')).toBe('M');
  });

  it('uses the initial consonant for Korean, the gojūon row for kana and the consonant for Thai', () => {
    expect(indexKey('대한민국', 'kor')).toBe('ㄷ');
    expect(indexKey('까나', 'kor')).toBe('ㄱ');
    expect(indexKey('アメリカ合衆国', 'jp')).toBe('ア');
    expect(indexKey('ギリシャ', 'jp')).toBe('カ');
    expect(indexKey('ฝรั่งเศส', 'th')).toBe('ฝ');
    expect(indexKey('เยอรมนี', 'th')).toBe('ย');
  });

  it('puts what it cannot index under #', () => {
    expect(indexKey('', 'en')).toBe('#');
    expect(indexKey('日本', 'jp')).toBe('#');
  });
});

describe('area list', () => {
  it('names areas in the app language and keeps the English name for search', () => {
    const [china] = localizeAreas([{ iso: 'CN', code: '+86' }], 'zh');
    expect(china).toEqual({ iso: 'CN', dialCode: '86', name: '中国', englishName: 'China' });
  });

  it('groups by index letter in order, names sorted inside', () => {
    const groups = groupAreas(localizeAreas(SAMPLE, 'en'), 'en');
    expect(groups.map((g) => g.index)).toEqual(['C', 'F', 'H', 'J', 'S', 'U']);
    expect(groups.find((g) => g.index === 'U')?.items.map((i) => i.iso)).toEqual(['AE', 'GB', 'US']);
  });

  it('searches by name in either language, by ISO code and by dialling code', () => {
    const items = localizeAreas(SAMPLE, 'fra');
    const find = (q: string) => items.filter((i) => matchesArea(i, q)).map((i) => i.iso);
    expect(find('etats')).toEqual(['US']);
    expect(find('united')).toEqual(['US', 'GB', 'AE']);
    expect(find('+85')).toEqual(['HK']);
    expect(find('8')).toEqual(['CN', 'HK', 'KR', 'JP']);
    expect(find('jp')).toEqual(['JP']);
    expect(groupAreas(items, 'fra', 'chine').flatMap((g) => g.items.map((i) => i.iso))).toEqual(['CN']);
  });
});
