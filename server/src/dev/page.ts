import type { DevMailRow } from '../db/schema/index';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#14151a;color:#e8e8ea}
main{max-width:720px;margin:0 auto;padding:16px}
h1{font-size:20px;margin:0 0 4px}
p.note{color:#9a9aa2;margin:0 0 16px}
form{display:flex;gap:8px;margin-bottom:16px}
input{flex:1;padding:10px;border-radius:6px;border:1px solid #3a3b44;background:#1e1f26;color:inherit}
button{padding:10px 16px;border:0;border-radius:6px;background:#f0a04b;color:#14151a;font-weight:600}
article{border:1px solid #2c2d35;border-radius:8px;padding:12px;margin-bottom:12px;background:#1a1b21}
.code{font:700 32px/1.2 ui-monospace,monospace;letter-spacing:6px;color:#f0a04b}
.meta{color:#9a9aa2;font-size:13px}
`;

/** The development mailbox in the browser; plain HTML with no script, so the CSP stays strict. */
export function renderMailboxPage(to: string | undefined, mails: DevMailRow[]): string {
  const items = mails
    .map(
      (m) => `<article>
  <div class="meta">${escape(m.channel === 'sms' ? 'SMS' : 'Email')} to <strong>${escape(m.to)}</strong> · <time datetime="${m.sentAt.toISOString()}">${escape(m.sentAt.toISOString())}</time></div>
  ${m.code ? `<div class="code">${escape(m.code)}</div>` : ''}
  <div><strong>${escape(m.subject)}</strong></div>
  <div>${escape(m.text)}</div>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development mailbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p class="note">Demo mode: verification mail and text messages are delivered here instead of being sent.</p>
<form method="get" action="/dev/mailbox">
  <input name="to" type="text" placeholder="Email or +areacode number" value="${escape(to ?? '')}" aria-label="Address">
  <button type="submit">Filter</button>
</form>
${items || '<p class="note">No messages yet.</p>'}
</main>
</body>
</html>`;
}
