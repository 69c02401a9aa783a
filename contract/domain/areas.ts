/**
 * Countries and areas with their international dialling codes, for the area picker and for the
 * server's check of `area_code`. Names are not stored: screens name each entry in the active
 * language with `Intl.DisplayNames(locale, {type: 'region'}).of(iso)`.
 *
 * `id` is the position in this list (1-based) and is sent as `area_code_id`; the list is
 * append-only so ids stay stable. Members of the North American numbering plan other than the
 * US and Canada carry their full prefix (Jamaica 1876), so the number after it is local.
 */
export interface Area {
  id: number;
  /** ISO 3166-1 alpha-2. */
  iso: string;
  /** Dialling code without the plus. */
  code: string;
}

const TABLE: ReadonlyArray<readonly [iso: string, code: string]> = [
  ['AD', '376'], ['AE', '971'], ['AF', '93'], ['AG', '1268'], ['AI', '1264'], ['AL', '355'],
  ['AM', '374'], ['AO', '244'], ['AR', '54'], ['AS', '1684'], ['AT', '43'], ['AU', '61'],
  ['AW', '297'], ['AZ', '994'], ['BA', '387'], ['BB', '1246'], ['BD', '880'], ['BE', '32'],
  ['BF', '226'], ['BG', '359'], ['BH', '973'], ['BI', '257'], ['BJ', '229'], ['BM', '1441'],
  ['BN', '673'], ['BO', '591'], ['BR', '55'], ['BS', '1242'], ['BT', '975'], ['BW', '267'],
  ['BY', '375'], ['BZ', '501'], ['CA', '1'], ['CD', '243'], ['CF', '236'], ['CG', '242'],
  ['CH', '41'], ['CI', '225'], ['CK', '682'], ['CL', '56'], ['CM', '237'], ['CN', '86'],
  ['CO', '57'], ['CR', '506'], ['CU', '53'], ['CV', '238'], ['CW', '599'], ['CY', '357'],
  ['CZ', '420'], ['DE', '49'], ['DJ', '253'], ['DK', '45'], ['DM', '1767'], ['DO', '1809'],
  ['DZ', '213'], ['EC', '593'], ['EE', '372'], ['EG', '20'], ['ER', '291'], ['ES', '34'],
  ['ET', '251'], ['FI', '358'], ['FJ', '679'], ['FM', '691'], ['FO', '298'], ['FR', '33'],
  ['GA', '241'], ['GB', '44'], ['GD', '1473'], ['GE', '995'], ['GF', '594'], ['GH', '233'],
  ['GI', '350'], ['GL', '299'], ['GM', '220'], ['GN', '224'], ['GP', '590'], ['GQ', '240'],
  ['GR', '30'], ['GT', '502'], ['GU', '1671'], ['GW', '245'], ['GY', '592'], ['HK', '852'],
  ['HN', '504'], ['HR', '385'], ['HT', '509'], ['HU', '36'], ['ID', '62'], ['IE', '353'],
  ['IL', '972'], ['IN', '91'], ['IQ', '964'], ['IR', '98'], ['IS', '354'], ['IT', '39'],
  ['JM', '1876'], ['JO', '962'], ['JP', '81'], ['KE', '254'], ['KG', '996'], ['KH', '855'],
  ['KI', '686'], ['KM', '269'], ['KN', '1869'], ['KR', '82'], ['KW', '965'], ['KY', '1345'],
  ['KZ', '7'], ['LA', '856'], ['LB', '961'], ['LC', '1758'], ['LI', '423'], ['LK', '94'],
  ['LR', '231'], ['LS', '266'], ['LT', '370'], ['LU', '352'], ['LV', '371'], ['LY', '218'],
  ['MA', '212'], ['MC', '377'], ['MD', '373'], ['ME', '382'], ['MG', '261'], ['MH', '692'],
  ['MK', '389'], ['ML', '223'], ['MM', '95'], ['MN', '976'], ['MO', '853'], ['MQ', '596'],
  ['MR', '222'], ['MS', '1664'], ['MT', '356'], ['MU', '230'], ['MV', '960'], ['MW', '265'],
  ['MX', '52'], ['MY', '60'], ['MZ', '258'], ['NA', '264'], ['NC', '687'], ['NE', '227'],
  ['NG', '234'], ['NI', '505'], ['NL', '31'], ['NO', '47'], ['NP', '977'], ['NR', '674'],
  ['NZ', '64'], ['OM', '968'], ['PA', '507'], ['PE', '51'], ['PF', '689'], ['PG', '675'],
  ['PH', '63'], ['PK', '92'], ['PL', '48'], ['PR', '1787'], ['PS', '970'], ['PT', '351'],
  ['PW', '680'], ['PY', '595'], ['QA', '974'], ['RE', '262'], ['RO', '40'], ['RS', '381'],
  ['RU', '7'], ['RW', '250'], ['SA', '966'], ['SB', '677'], ['SC', '248'], ['SD', '249'],
  ['SE', '46'], ['SG', '65'], ['SI', '386'], ['SK', '421'], ['SL', '232'], ['SM', '378'],
  ['SN', '221'], ['SO', '252'], ['SR', '597'], ['SS', '211'], ['ST', '239'], ['SV', '503'],
  ['SZ', '268'], ['TC', '1649'], ['TD', '235'], ['TG', '228'], ['TH', '66'], ['TJ', '992'],
  ['TL', '670'], ['TM', '993'], ['TN', '216'], ['TO', '676'], ['TR', '90'], ['TT', '1868'],
  ['TV', '688'], ['TW', '886'], ['TZ', '255'], ['UA', '380'], ['UG', '256'], ['US', '1'],
  ['UY', '598'], ['UZ', '998'], ['VA', '379'], ['VC', '1784'], ['VE', '58'], ['VG', '1284'],
  ['VI', '1340'], ['VN', '84'], ['VU', '678'], ['WS', '685'], ['XK', '383'], ['YE', '967'],
  ['ZA', '27'], ['ZM', '260'], ['ZW', '263'],
];

export const AREAS: readonly Area[] = TABLE.map(([iso, code], i) => ({ id: i + 1, iso, code }));

/** The area the picker selects before the user chooses (the default locale is Hong Kong's). */
export const DEFAULT_AREA_ISO = 'HK';

const byId = new Map(AREAS.map((a) => [a.id, a]));
const byIso = new Map(AREAS.map((a) => [a.iso, a]));
const codes = new Set(AREAS.map((a) => a.code));

export const findAreaById = (id: number): Area | undefined => byId.get(id);
export const findAreaByIso = (iso: string): Area | undefined => byIso.get(iso.toUpperCase());

/** Whether a dialling code (with or without the plus) belongs to a listed area. */
export const isKnownAreaCode = (code: string): boolean => codes.has(code.replace(/^\+/, ''));
