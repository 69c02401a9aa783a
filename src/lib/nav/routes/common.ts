import { msg } from '@lingui/core/macro';
import { isSafeRedirect } from '../redirect';
import { routeGroup } from '../route-group';
import { defined, idSearch, matching, oneOf, positiveId, searchValidator } from '../search-kit';

/** Info pages the web view shows (`webView?page=`), the same keys as the content API's pages. */
export const WEB_VIEW_PAGES = ['aboutus', 'contactus', 'operational_compliance'] as const;
export type WebViewPage = (typeof WEB_VIEW_PAGES)[number];

/** The tabs of `common/borrowing`: the loan products and calculator, the user's loans. */
export const LOAN_TABS = ['borrow', 'mine'] as const;
export type LoanTab = (typeof LOAN_TABS)[number];

// Router search parsing turns JSON-looking values into numbers: an all-digit code arrives as one.
const inviteCode = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number'
    ? matching(/^[A-Za-z0-9]{1,32}$/, String(value).trim())
    : undefined;

// `forget` is not in SPEC.md's list, which names the flow but not its page.
export const common = routeGroup(
  'common',
  {
    login: msg`Log in`,
    register: msg`Register`,
    area: msg`Country or area`,
    forget: msg`Forgot password`,
    article: msg`Article`,
    webView: msg`Web page`,
    faq: msg`FAQ`,
    contactus: msg`Contact us`,
    aboutus: msg`About us`,
    borrowing: msg`Borrowing and repayment`,
    // The "this wasn't me" link of a new-device alert (not in SPEC.md's list).
    not_me: msg`Secure your account`,
  },
  {
    // Without an id the article route is the news list.
    article: idSearch(),
    webView: searchValidator<{ page?: WebViewPage; id?: number }, { page?: WebViewPage; id?: number }>((raw) =>
      defined({ page: oneOf(WEB_VIEW_PAGES, raw.page), id: positiveId(raw.id) }),
    ),
    login: searchValidator<{ redirect?: string }, { redirect?: string }>((raw) =>
      defined({
        redirect: typeof raw.redirect === 'string' && isSafeRedirect(raw.redirect) ? raw.redirect : undefined,
      }),
    ),
    register: searchValidator<
      { code?: string | number; extension_code?: string | number },
      { code?: string; extension_code?: string }
    >((raw) => defined({ code: inviteCode(raw.code), extension_code: inviteCode(raw.extension_code) })),
    // A "this wasn't me" link's token: 43 URL-safe characters, else nothing.
    not_me: searchValidator<{ token?: string }, { token?: string }>((raw) =>
      defined({ token: matching(/^[\w-]{43}$/, raw.token) }),
    ),
    borrowing: searchValidator<{ tab?: LoanTab }, { tab: LoanTab }>((raw) => ({
      tab: oneOf(LOAN_TABS, raw.tab) ?? 'borrow',
    })),
  },
);
