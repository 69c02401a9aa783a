interface Mail {
  to: string;
  subject: string;
  text: string;
  code: string;
  sent_at: string;
}

/** The newest verification code sent to `to`, read from the demo mailbox API (polls briefly). */
export async function latestCode(appUrl: string, to: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${appUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    const body = (await res.json()) as { type: string; message: Mail[] | string };
    // Alerts carry no code.
    const coded = body.type === 'ok' && Array.isArray(body.message) ? body.message.find((m) => m.code) : undefined;
    if (coded) return coded.code;
    if (Date.now() > deadline) throw new Error(`no mail for ${to}: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
