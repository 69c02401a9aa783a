import { UAParser } from 'ua-parser-js';

export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'other';

/** What a User-Agent says about the device, each part empty when it does not say. */
export interface UserAgentInfo {
  /** "Chrome 131" (the name and major version). */
  browser: string;
  /** "Android 14". */
  os: string;
  /** "Google Pixel 8". */
  model: string;
  type: DeviceType;
  /** Browser and system without versions ("Chrome|Android|mobile"): what stays when a browser updates. */
  family: string;
  /** "Chrome / Android" (no words, so it reads in every language), else the start of the User-Agent, else "?". */
  name: string;
}

/** Browsers name their mobile builds apart ("Mobile Chrome"); the system already says so. */
const browserName = (name: string | undefined) => (name ?? '').replace(/^Mobile /, '');

const DESKTOP_SYSTEMS = /^(Windows|macOS|Mac OS|Linux|Ubuntu|Chrome OS|Chromium OS|Fedora|Debian)/;

const typeOf = (type: string | undefined, os: string): DeviceType =>
  type === 'mobile' || type === 'tablet' ? type : type === undefined && DESKTOP_SYSTEMS.test(os) ? 'desktop' : 'other';

/** Reads a User-Agent with ua-parser-js; never throws, whatever the header holds. */
export function describeUserAgent(userAgent: string): UserAgentInfo {
  const ua = userAgent.slice(0, 512);
  const r = UAParser(ua);
  const name = browserName(r.browser.name);
  const browser = [name, r.browser.major].filter(Boolean).join(' ');
  const os = [r.os.name, r.os.version].filter(Boolean).join(' ');
  const model = [r.device.vendor, r.device.model].filter(Boolean).join(' ');
  const type = typeOf(r.device.type, r.os.name ?? '');
  const system = r.os.name ?? '';
  // Nothing recognised: the first product token ("PhoneBrowser/1.0" is "phonebrowser").
  const family = (name || system ? [name, system, type].join('|') : `ua|${/^[^\s/;(]*/.exec(ua)?.[0] ?? ''}`)
    .toLowerCase()
    .slice(0, 64);
  const both = [name, system].filter(Boolean).join(' / ');
  return { browser, os, model, type, family, name: (both || ua.slice(0, 40) || '?').slice(0, 80) };
}
