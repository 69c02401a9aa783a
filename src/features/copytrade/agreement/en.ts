import type { AgreementText } from './types';

export const agreementEn: AgreementText = {
  lang: 'en',
  title: 'Copy Trading Agreement',
  updated: 'Version 1.0',
  intro:
    'This agreement sets out how copy trading works on this platform and what you accept when you follow a trader. Read it in full before your first follow. Following a trader means that futures positions are opened and closed in your name, with your money, without asking you each time.',
  sections: [
    {
      title: '1. What copy trading is',
      paragraphs: [
        'Traders are users whose application to share their trades was reviewed and approved by the platform. When you follow a trader, every futures position the trader opens after that moment is copied into your futures account: the same pair, the same direction (long or short) and the same leverage.',
        'Copies are ordinary USDT futures positions with isolated margin. The platform is the counterparty of every futures position, at the price of its market feed. Nobody, including the trader, can set that price.',
        'Traders receive no money from their followers and the platform charges no subscription or profit share for copy trading. You pay only the futures fees of your own copies (section 6).',
      ],
    },
    {
      title: '2. Risks',
      paragraphs: [
        'Futures are leveraged. A small price move against a copy can consume its whole margin; at the liquidation price the copy is closed and the rest of its margin goes to the insurance fund. Each copy can lose up to its margin, and many copies can lose at the same time.',
        "A trader's past results do not predict future results. Statistics describe closed trades only and are updated once an hour, so they can lag behind what the trader is doing now.",
        'A trader can open large or risky positions, change style, stop trading or lose their trader status at any time. You decide whom you follow and with how much, and you can cancel at any time.',
        "Copies may be skipped (section 5), so your results can differ from the trader's even with the same prices. Follow only with money you can afford to lose.",
      ],
    },
    {
      title: '3. How copies open',
      paragraphs: [
        'When a position of the trader opens (a market open, or a limit open when it fills), a copy opens for each active follow at the same feed price and at the same moment, before the next price is processed.',
        "Fixed multiple: your multiple (from 0.01 to 100) is kept to two decimals, rounded half up (1.555 becomes 1.56), and your lots are the trader's lots times it. Futures trade in whole lots, so the result is rounded down to a whole lot: the trader opens 3 lots with your multiple 1.5, which is 4.5 lots, and you open 4 lots. A result below one lot opens nothing and the copy is recorded as skipped. Fixed lots: you open the number of lots you set (1 to 10,000), whatever the trader opens.",
        'The margin of each copy (position value divided by the leverage) and its opening fee are taken from your futures (lever) USDT account. Keep enough balance there: copy trading never moves money from your other accounts.',
        'Positions the trader opened before you followed are not copied.',
      ],
    },
    {
      title: '4. How copies close',
      paragraphs: [
        "When the trader's position closes, for whatever reason (closed by hand, take-profit, stop-loss or liquidation), each open copy of it closes at the same price at the same moment, and its margin, profit or loss and closing fee are settled to your futures account.",
        "A copy has its own margin and its own liquidation price. If the price reaches your copy's liquidation price first, your copy is liquidated even if the trader's position stays open.",
        'You cannot close a copy yourself while it follows the trader. To manage it yourself, convert it to self-holding first (section 8).',
      ],
    },
    {
      title: '5. Skipped copies',
      paragraphs: [
        "A copy is skipped, and nothing is charged, when it cannot open under the rules: your multiple comes to less than one lot, your futures balance does not cover its margin and fee, opening it would take your open copies above your amount cap, the lots are outside the futures limits, or the platform's exposure limit for that pair and side is reached. If the service stops between the trader's open and your copy and the price has moved when it starts again, the copy is skipped as missed rather than opened at a price the trader did not get.",
        'Every skipped copy is recorded with its reason under My copy trading, so you can see what you missed. A skipped copy is never opened later at another price.',
      ],
    },
    {
      title: '6. Fees',
      paragraphs: [
        "Each copy pays the futures fees, exactly as a position you open yourself: a handling fee on the position value at open and at close (currently 0.05% each), and an overnight fee on the entry value for every 00:00 UTC the copy stays open (currently 0.03% a day), taken from the copy's margin.",
        'The current rates are shown on the futures screen and in the confirmation before you follow. There are no other copy trading fees.',
      ],
    },
    {
      title: '7. The amount cap',
      paragraphs: [
        'When you follow you can set an amount cap in USDT (without one, only your futures balance limits the copies). The total margin of the open copies of that follow never exceeds it: a copy that would go above it is skipped. Margin returned by closed copies frees the cap again.',
        'The cap limits margin, not losses or fees, and it is not a stop-loss. It never moves money; the margin still comes from your futures balance when a copy opens.',
      ],
    },
    {
      title: '8. Self-holding',
      paragraphs: [
        'You can convert an open copy to self-holding at any time. From then on it is your own futures position: it no longer closes when the trader closes, and you can close it, set its take-profit and stop-loss, or keep it.',
        'Conversion cannot be undone, and a converted position no longer counts against your amount cap.',
      ],
    },
    {
      title: '9. Editing and cancelling a follow',
      paragraphs: [
        "You can change the copy type, the number and the amount cap of a follow at any time. The new settings apply to the trader's next opens; copies already open keep their lots.",
        "When you cancel a follow, no new copies open. Copies that are already open stay open and still close together with the trader's position, unless you convert them to self-holding.",
        'You can follow several traders, but each trader only once, and you cannot follow yourself.',
      ],
    },
    {
      title: '10. Statistics',
      paragraphs: [
        "Trader statistics are computed once an hour from the trader's real closed futures positions, and each screen shows the time they were computed. Total profit and loss is the sum of closed positions' results after fees; accuracy is the share of closed positions with a profit; profitable orders is their number; yield is total profit and loss divided by the margin those positions used; followers is the number of active follows.",
        'Statistics are facts about the past, not advice or a promise.',
      ],
    },
    {
      title: '11. Becoming a trader',
      paragraphs: [
        'Any user can apply to become a trader. The platform reviews applications and may approve or reject them, and may later withdraw trader status, for example for abusive trading. When your application is approved, your futures trades are copied by your followers and your statistics are published.',
      ],
    },
    {
      title: '12. Acceptance and changes',
      paragraphs: [
        'You accept this agreement before your first follow. If the platform changes the rules of copy trading, the new version is shown here and applies to copies opened after it is published.',
        'In demo mode every balance and position is demo money on a simulated market feed.',
      ],
    },
  ],
  closing:
    'By following a trader you confirm that you have read and understood this agreement and the risks of leveraged futures, and that every copy is opened and closed at your own risk.',
};
