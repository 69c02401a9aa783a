import type { Plugin } from 'vite';
import { DEFAULT_LOCALE } from '../contract/domain/locales.ts';
import {
  LAST_SCREEN_FORMAT,
  LAST_SCREEN_ID,
  LAST_SCREEN_KEY_PREFIX,
  LAST_SCREEN_MAX_AGE_MS,
  LAST_SCREEN_RULES_ATTRIBUTE,
  LAST_SCREEN_STYLES_ATTRIBUTE,
} from '../src/lib/last-screen/format.ts';
import { APP_STYLES_ATTRIBUTE } from './first-route-preload.ts';

const MARKER = '<script data-boot-last-screen></script>';
/** src/lib/state/storage.ts: an entry of another storage layout is wiped at start, never painted. */
const STORAGE_VERSION = ['h5Version', '1'] as const;
/** src/lib/state/session.ts: set while the app stays open; "stay logged in" off ends the session without it. */
const OPEN_MARK = 'appOpen';
/** A save time this far ahead of the clock is a wrong clock or a forged entry. */
const CLOCK_SKEW_MS = 60_000;

/**
 * `pick(local, session, path, now, styles)`: the stored last screen of the tab at `path` when it may
 * be painted, else null. It must be this storage layout's, in the stored language, of the account
 * signed in now (or of a visitor, when none is), not older than a week, and rendered with the style
 * sheets index.html loads for the tab (`styles`, absolute URLs: a new version of the app renames
 * them, and its pages would not match the saved markup); its other sheets are the app's own files.
 * A session that the app is about to end ("stay logged in" off and the app was closed) gets
 * nothing. Anything malformed is null, never an error.
 */
export const PICK_LAST_SCREEN = `function(L,S,p,n,h){try{var g=function(k){return JSON.parse(L.getItem(k)||'null')},e=g(${JSON.stringify(LAST_SCREEN_KEY_PREFIX)}+p),t=g('token'),u=g('user'),a=t?(u&&u.id!=null?String(u.id):null):'',s=function(v){return typeof v==='string'},d=h.length?h[0].slice(0,h[0].lastIndexOf('/')+1):'';if(L.getItem('${STORAGE_VERSION[0]}')!=='${STORAGE_VERSION[1]}'||!e||e.v!==${LAST_SCREEN_FORMAT}||!s(e.html)||!s(e.lang)||!s(e.saved)||!s(e.updating)||!s(e.offline)||!Array.isArray(e.css)||(e.rules!==undefined&&!s(e.rules))||typeof e.at!=='number'||a===null||e.account!==a||e.locale!==(g('lang')||'${DEFAULT_LOCALE}'))return null;if(!(n-e.at<${LAST_SCREEN_MAX_AGE_MS}&&e.at-n<${CLOCK_SKEW_MS}))return null;if(t&&u.stay_logged_in===false&&S.getItem('${OPEN_MARK}')===null)return null;if(!d||!e.css.every(function(f){return s(f)&&f.indexOf(d)===0&&/^[^?#]+\\.css$/.test(f)})||!h.every(function(f){return e.css.indexOf(f)>=0}))return null;return e}catch(x){return null}}`;

/**
 * The fixed code of index.html's last-screen script, run in the body before any module: paints the
 * tab's last screen (`PICK_LAST_SCREEN`) into its own container, inert and hidden from assistive
 * technology, with a small "as of" mark, in place of the home frame. Scripts, frames and inline
 * event handlers are stripped first (React renders none; the policy would refuse them anyway). With
 * its saved rules (`rules`) it shows at once, styled by them in a style element; without, once its
 * style sheets have loaded (switching them on, as main.tsx does), so it never flashes unstyled,
 * and a sheet that fails leaves the frame. The app removes the container with its
 * first commit (src/lib/last-screen/capture.ts). Fixed text, so its hash in the policy never
 * changes; any error leaves the frame as it is.
 */
export const BOOT_LAST_SCREEN_SCRIPT = `(function(pick){try{var D=document,c=D.getElementById('${LAST_SCREEN_ID}'),b=D.querySelector('#root>.boot'),A=function(q,r){return[].slice.call(r.querySelectorAll(q))},k=A('link[${APP_STYLES_ATTRIBUTE}]',D),e=pick(localStorage,sessionStorage,(location.hash.slice(1)||'/').split('?')[0],Date.now(),k.map(function(l){return l.href}));if(!e||!c||!b)return;e.css.forEach(function(f){if(k.some(function(l){return l.href===f}))return;var l=D.createElement('link');l.rel='stylesheet';l.crossOrigin='';l.media='print';l.href=f;l.setAttribute('${LAST_SCREEN_STYLES_ATTRIBUTE}','');D.head.appendChild(l);k.push(l)});var T=D.createElement('template'),o={timeStyle:'short'};T.innerHTML=e.html;A('script,iframe,frame,object,embed,base,link,meta',T.content).forEach(function(x){x.remove()});A('*',T.content).forEach(function(x){[].slice.call(x.attributes).forEach(function(y){if(/^on/i.test(y.name)||/^\\s*javascript:/i.test(y.value))x.removeAttribute(y.name)})});if(new Date(e.at).toDateString()!==new Date().toDateString())o.dateStyle='short';var w=new Intl.DateTimeFormat(e.lang,o).format(e.at),m=D.createElement('div');m.className='last-screen-mark';m.textContent=navigator.onLine?e.saved.replace('{when}',w)+' · '+e.updating:e.offline.replace('{when}',w);c.append(T.content,m);var R=e.rules,v=function(){b.hidden=true;c.hidden=false;D.documentElement.lang=e.lang};if(R){var y=D.createElement('style');y.setAttribute('${LAST_SCREEN_RULES_ATTRIBUTE}','');y.textContent=R;D.head.appendChild(y);v()}var n=k.length,f=0,r=function(ok){f=f||!ok;if(--n)return;try{if(!c.isConnected)return;if(f)return R||c.remove();k.forEach(function(l){l.media='all'});R||v()}catch(x){}};k.forEach(function(l){if(l.sheet)r(1);else{l.addEventListener('load',function(){r(1)});l.addEventListener('error',function(){r(0)})}})}catch(x){}})(${PICK_LAST_SCREEN})`;

/** Fills index.html's `<script data-boot-last-screen></script>`; its hash goes into the policy (vite.config.ts). */
export function bootLastScreen(): Plugin {
  return {
    name: 'h5:boot-last-screen',
    transformIndexHtml(html) {
      if (!html.includes(MARKER)) throw new Error(`boot-last-screen: index.html lacks ${MARKER}`);
      return html.replace(MARKER, `<script>${BOOT_LAST_SCREEN_SCRIPT}</script>`);
    },
  };
}
