/**
 * Demo content in the 8 locales, written for this product. Honest by rule: it describes what the
 * app does, says it is a demonstration, and claims no licence, award or partner.
 */
import type { Locale } from '@contract/domain/locales';

/** title, summary, HTML body */
export type SeedText = readonly [string, string, string];

export type SeedKey =
  | 'news_demo'
  | 'news_liquidation'
  | 'news_security'
  | 'banner_demo'
  | 'banner_security'
  | 'banner_futures'
  | 'popup_welcome'
  | 'faq_register'
  | 'faq_identity'
  | 'faq_recharge'
  | 'faq_withdraw_time'
  | 'faq_limits'
  | 'faq_pay_password'
  | 'faq_liquidation'
  | 'faq_lock_penalty'
  | 'page_aboutus'
  | 'page_contactus'
  | 'page_compliance';

export const SEED_TEXTS: Record<Locale, Record<SeedKey, SeedText>> = {
  en: {
    news_demo: [
      'How this demo works',
      'Balances here are demonstration funds: try every feature without risking money.',
      '<p>This site runs in demo mode. New accounts receive demonstration funds that have no value and cannot be paid out to a real bank account or wallet.</p><p>Prices follow the app’s market feed and orders are matched inside this demo only. Everything else works as it would for real: identity checks, pay password, limits and records.</p>',
    ],
    news_liquidation: [
      'Futures: see your liquidation price before you open',
      'Every futures order now shows the margin, fee and liquidation price before you confirm.',
      '<p>Futures use isolated margin: each position risks only the margin you put into it.</p><ul><li>The order confirmation shows margin, fee and the estimated liquidation price.</li><li>Stop-profit and stop-loss can be set when opening or later.</li><li>Higher leverage brings the liquidation price closer to the entry price.</li></ul><p>Futures are risky: only trade with money you can afford to lose.</p>',
    ],
    news_security: [
      'Five habits that keep your account safe',
      'Codes, passwords and devices: what we will never ask you for.',
      '<ol><li>Never share a verification code. Our staff will never ask for it.</li><li>Use a login password you use nowhere else, and a different pay password.</li><li>Bind both email and mobile so you can always recover access.</li><li>Review your active sessions in Security and log out devices you do not know.</li><li>Check withdrawal addresses twice: transfers on a blockchain cannot be reversed.</li></ol>',
    ],
    banner_demo: ['Try every feature without risk', 'Demo funds with no value: nothing here is real money', ''],
    banner_security: ['Secure your account', 'Five habits worth two minutes', ''],
    banner_futures: ['Know your liquidation price', 'Shown before every futures order', ''],
    popup_welcome: [
      'Welcome to the demo',
      'Balances here are demonstration funds with no value.',
      '<p>Everything in this app works, but the money does not: balances are demonstration funds and cannot be withdrawn to a real bank or wallet.</p><p>Explore trading, futures, finance and NFTs freely.</p>',
    ],
    faq_register: [
      'How do I create an account?',
      '',
      '<p>Tap Register, enter your email or mobile number, request a 6-digit verification code and choose a password of more than 6 characters. An invitation code is optional.</p>',
    ],
    faq_identity: [
      'What are the two verification levels?',
      '',
      '<p>Level 1 (basic) asks for your document type, name and number. Level 2 (advanced) adds photos of the document and of you holding it. Both need a bound email and mobile. Staff review each submission.</p>',
    ],
    faq_recharge: [
      'How do I recharge?',
      '',
      '<p>Open Assets, tap Recharge, choose the coin and network, send to the address shown and upload the payment voucher. The estimated arrival time is shown on the screen; the amount is credited once it has been reviewed.</p>',
    ],
    faq_withdraw_time: [
      'How long does a withdrawal take?',
      '',
      '<p>Withdrawals are reviewed before they are sent. Transfers to a wallet address arrive after the network confirms them; international bank transfers (SWIFT) take 5-7 business days.</p>',
    ],
    faq_limits: [
      'Are there withdrawal limits?',
      '',
      '<p>Yes. With level 1 verification you can withdraw up to the equivalent of 200 BTC per 24 hours, with level 2 up to 500 BTC. Withdrawing needs level 1 at least.</p>',
    ],
    faq_pay_password: [
      'What is the pay password?',
      '',
      '<p>A second password, different from your login password, that confirms withdrawals and other payments. After 5 wrong tries it is locked for a while to protect your funds.</p>',
    ],
    faq_liquidation: [
      'When is a futures position liquidated?',
      '',
      '<p>When the mark price reaches the position’s liquidation price, shown on the order confirmation and in your positions. Only the margin of that position is lost (isolated margin).</p>',
    ],
    faq_lock_penalty: [
      'Can I leave lock mining early?',
      '',
      '<p>Yes. Early redemption costs a penalty of the product’s penalty ratio × the remaining days × the locked amount. For example 0.4% × 3 days × 1,000 USDT = 12 USDT, so 988 USDT is returned.</p>',
    ],
    page_aboutus: [
      'About us',
      '',
      '<p>This app brings spot trading, futures, seconds contracts, copy trading, finance products and an NFT marketplace together in one mobile web app that works offline and in 8 languages.</p><p>This instance is a demonstration: its balances are not real money. We publish our fees, rates and rules in the app rather than in small print, and we never show made-up numbers of users or followers.</p>',
    ],
    page_contactus: [
      'Contact us',
      '',
      '<p>The fastest way to reach us is the customer service button in the app: a member of staff answers in the conversation.</p><p>Email: <a href="mailto:support@example.com">support@example.com</a></p><p>We will never ask for your password, pay password or verification codes.</p>',
    ],
    page_compliance: [
      'Operational compliance',
      '',
      '<h3>Demonstration service</h3><p>This instance runs in demo mode. It holds no licence to provide financial services and accepts no real deposits.</p><h3>Know your customer</h3><p>Withdrawals need identity verification (levels 1 and 2) and a bound email and mobile. Staff review recharges, withdrawals and identity submissions, and every decision is recorded.</p><h3>Risk</h3><p>Crypto assets are volatile. Futures and seconds contracts can lose the whole stake; dual investment is not capital protected. Check the rules of your country before you use a service like this.</p>',
    ],
  },
  zh: {
    news_demo: [
      '演示站点说明',
      '这里的余额是演示资金：可以放心体验所有功能，不会有资金风险。',
      '<p>本站运行在演示模式。新账户会收到演示资金，它们没有价值，也不能提现到真实的银行账户或钱包。</p><p>价格来自应用的行情源，订单只在本演示内撮合。其他一切与真实环境相同：身份认证、支付密码、限额和记录。</p>',
    ],
    news_liquidation: [
      '合约：开仓前即可看到强平价',
      '每笔合约订单确认前都会显示保证金、手续费和强平价。',
      '<p>合约采用逐仓保证金：每个仓位只承担你为它投入的保证金。</p><ul><li>订单确认页显示保证金、手续费和预估强平价。</li><li>开仓时或之后都可以设置止盈止损。</li><li>杠杆越高，强平价离开仓价越近。</li></ul><p>合约风险很高：请只用你能承受损失的资金交易。</p>',
    ],
    news_security: [
      '保护账户的五个习惯',
      '验证码、密码和设备：我们永远不会向你索要的东西。',
      '<ol><li>不要把验证码告诉任何人，我们的工作人员绝不会索要。</li><li>登录密码不要在其他地方使用，支付密码也要与它不同。</li><li>同时绑定邮箱和手机，随时都能找回账户。</li><li>在安全设置中查看登录中的设备，退出不认识的设备。</li><li>提现地址请核对两遍：区块链转账无法撤回。</li></ol>',
    ],
    banner_demo: ['零风险体验所有功能', '演示资金没有价值：这里没有真实资金', ''],
    banner_security: ['保护你的账户', '花两分钟养成五个好习惯', ''],
    banner_futures: ['了解你的强平价', '每笔合约下单前都会显示', ''],
    popup_welcome: [
      '欢迎体验演示站',
      '这里的余额是没有价值的演示资金。',
      '<p>应用的所有功能都能使用，但资金不是真的：余额是演示资金，不能提现到真实的银行或钱包。</p><p>欢迎自由体验交易、合约、理财和 NFT。</p>',
    ],
    faq_register: [
      '如何注册账户？',
      '',
      '<p>点击注册，输入邮箱或手机号，获取 6 位验证码，并设置长度超过 6 位的密码。邀请码可不填。</p>',
    ],
    faq_identity: [
      '两个认证级别有什么区别？',
      '',
      '<p>初级认证（1 级）需要证件类型、姓名和证件号。高级认证（2 级）还需要证件照片和手持证件照。两者都需要先绑定邮箱和手机，并由工作人员审核。</p>',
    ],
    faq_recharge: [
      '如何充值？',
      '',
      '<p>打开资产，点击充值，选择币种和网络，向显示的地址转账并上传付款凭证。页面会显示预计到账时间；审核通过后入账。</p>',
    ],
    faq_withdraw_time: [
      '提现需要多久？',
      '',
      '<p>提现会先经过审核再发出。转到钱包地址的提现在网络确认后到账；国际银行转账（SWIFT）需要 5-7 个工作日。</p>',
    ],
    faq_limits: [
      '提现有限额吗？',
      '',
      '<p>有。1 级认证每 24 小时最多可提现相当于 200 BTC 的金额，2 级认证最多 500 BTC。提现至少需要 1 级认证。</p>',
    ],
    faq_pay_password: [
      '什么是支付密码？',
      '',
      '<p>支付密码是与登录密码不同的第二个密码，用于确认提现和其他付款。连续输错 5 次会暂时锁定，以保护你的资金。</p>',
    ],
    faq_liquidation: [
      '合约仓位什么时候会被强平？',
      '',
      '<p>当标记价格达到仓位的强平价时。强平价显示在订单确认页和持仓中。损失仅限该仓位的保证金（逐仓）。</p>',
    ],
    faq_lock_penalty: [
      '锁仓挖矿可以提前赎回吗？',
      '',
      '<p>可以。提前赎回的违约金 = 产品违约金比例 × 剩余天数 × 锁仓金额。例如 0.4% × 3 天 × 1,000 USDT = 12 USDT，退回 988 USDT。</p>',
    ],
    page_aboutus: [
      '关于我们',
      '',
      '<p>本应用把币币交易、合约、秒合约、跟单、理财产品和 NFT 市场集中在一个移动网页应用中，支持离线使用和 8 种语言。</p><p>本实例是演示站点：余额不是真实资金。我们在应用中公开手续费、费率和规则，从不展示虚构的用户数或跟随人数。</p>',
    ],
    page_contactus: [
      '联系我们',
      '',
      '<p>最快的方式是应用中的在线客服按钮：工作人员会在对话中回复你。</p><p>邮箱：<a href="mailto:support@example.com">support@example.com</a></p><p>我们永远不会索要你的登录密码、支付密码或验证码。</p>',
    ],
    page_compliance: [
      '运营合规',
      '',
      '<h3>演示服务</h3><p>本实例运行在演示模式，不持有任何提供金融服务的牌照，也不接受真实存款。</p><h3>了解你的客户</h3><p>提现需要身份认证（1 级和 2 级）并绑定邮箱和手机。工作人员审核充值、提现和身份资料，每个决定都有记录。</p><h3>风险</h3><p>加密资产价格波动大。合约和秒合约可能损失全部本金；双币理财不保本。使用此类服务前请了解你所在国家或地区的规定。</p>',
    ],
  },
  hk: {
    news_demo: [
      '示範站點說明',
      '這裡的餘額是示範資金：可以放心體驗所有功能，沒有資金風險。',
      '<p>本站運行於示範模式。新賬戶會收到示範資金，它們沒有價值，也不能提現到真實的銀行賬戶或錢包。</p><p>價格來自應用的行情源，訂單只在本示範內撮合。其他一切與真實環境相同：身份認證、支付密碼、限額和記錄。</p>',
    ],
    news_liquidation: [
      '合約：開倉前即可看到強平價',
      '每筆合約訂單確認前都會顯示保證金、手續費和強平價。',
      '<p>合約採用逐倉保證金：每個倉位只承擔你為它投入的保證金。</p><ul><li>訂單確認頁顯示保證金、手續費和預估強平價。</li><li>開倉時或之後都可以設置止盈止損。</li><li>槓桿越高，強平價離開倉價越近。</li></ul><p>合約風險很高：請只用你能承受損失的資金交易。</p>',
    ],
    news_security: [
      '保護賬戶的五個習慣',
      '驗證碼、密碼和裝置：我們永遠不會向你索取的東西。',
      '<ol><li>不要把驗證碼告訴任何人，我們的職員絕不會索取。</li><li>登入密碼不要在其他地方使用，支付密碼也要與它不同。</li><li>同時綁定電郵和手機，隨時都能取回賬戶。</li><li>在安全設定中查看登入中的裝置，登出不認識的裝置。</li><li>提現地址請核對兩遍：區塊鏈轉賬無法撤回。</li></ol>',
    ],
    banner_demo: ['零風險體驗所有功能', '示範資金沒有價值：這裡沒有真實資金', ''],
    banner_security: ['保護你的賬戶', '花兩分鐘養成五個好習慣', ''],
    banner_futures: ['了解你的強平價', '每筆合約下單前都會顯示', ''],
    popup_welcome: [
      '歡迎體驗示範站',
      '這裡的餘額是沒有價值的示範資金。',
      '<p>應用的所有功能都能使用，但資金不是真的：餘額是示範資金，不能提現到真實的銀行或錢包。</p><p>歡迎自由體驗交易、合約、理財和 NFT。</p>',
    ],
    faq_register: [
      '如何註冊賬戶？',
      '',
      '<p>點擊註冊，輸入電郵或手機號碼，獲取 6 位驗證碼，並設定長度超過 6 位的密碼。邀請碼可不填。</p>',
    ],
    faq_identity: [
      '兩個認證級別有甚麼分別？',
      '',
      '<p>初級認證（1 級）需要證件類型、姓名和證件號碼。高級認證（2 級）還需要證件相片和手持證件相片。兩者都需要先綁定電郵和手機，並由職員審核。</p>',
    ],
    faq_recharge: [
      '如何充值？',
      '',
      '<p>打開資產，點擊充值，選擇幣種和網絡，向顯示的地址轉賬並上傳付款憑證。頁面會顯示預計到賬時間；審核通過後入賬。</p>',
    ],
    faq_withdraw_time: [
      '提現需要多久？',
      '',
      '<p>提現會先經過審核再發出。轉到錢包地址的提現在網絡確認後到賬；國際銀行轉賬（SWIFT）需要 5-7 個工作天。</p>',
    ],
    faq_limits: [
      '提現有限額嗎？',
      '',
      '<p>有。1 級認證每 24 小時最多可提現相當於 200 BTC 的金額，2 級認證最多 500 BTC。提現至少需要 1 級認證。</p>',
    ],
    faq_pay_password: [
      '甚麼是支付密碼？',
      '',
      '<p>支付密碼是與登入密碼不同的第二個密碼，用於確認提現和其他付款。連續輸錯 5 次會暫時鎖定，以保護你的資金。</p>',
    ],
    faq_liquidation: [
      '合約倉位甚麼時候會被強平？',
      '',
      '<p>當標記價格達到倉位的強平價時。強平價顯示在訂單確認頁和持倉中。損失僅限該倉位的保證金（逐倉）。</p>',
    ],
    faq_lock_penalty: [
      '鎖倉挖礦可以提前贖回嗎？',
      '',
      '<p>可以。提前贖回的違約金 = 產品違約金比例 × 剩餘天數 × 鎖倉金額。例如 0.4% × 3 天 × 1,000 USDT = 12 USDT，退回 988 USDT。</p>',
    ],
    page_aboutus: [
      '關於我們',
      '',
      '<p>本應用把幣幣交易、合約、秒合約、跟單、理財產品和 NFT 市場集中在一個流動網頁應用中，支援離線使用和 8 種語言。</p><p>本實例是示範站點：餘額不是真實資金。我們在應用中公開手續費、費率和規則，從不展示虛構的用戶數或跟隨人數。</p>',
    ],
    page_contactus: [
      '聯絡我們',
      '',
      '<p>最快的方式是應用中的在線客服按鈕：職員會在對話中回覆你。</p><p>電郵：<a href="mailto:support@example.com">support@example.com</a></p><p>我們永遠不會索取你的登入密碼、支付密碼或驗證碼。</p>',
    ],
    page_compliance: [
      '營運合規',
      '',
      '<h3>示範服務</h3><p>本實例運行於示範模式，不持有任何提供金融服務的牌照，也不接受真實存款。</p><h3>認識你的客戶</h3><p>提現需要身份認證（1 級和 2 級）並綁定電郵和手機。職員審核充值、提現和身份資料，每個決定都有記錄。</p><h3>風險</h3><p>加密資產價格波動大。合約和秒合約可能損失全部本金；雙幣理財不保本。使用此類服務前請了解你所在國家或地區的規定。</p>',
    ],
  },
  th: {
    news_demo: [
      'เดโมนี้ทำงานอย่างไร',
      'ยอดเงินที่นี่เป็นเงินสาธิต: ลองทุกฟีเจอร์ได้โดยไม่เสี่ยงเงินจริง',
      '<p>เว็บไซต์นี้ทำงานในโหมดสาธิต บัญชีใหม่จะได้รับเงินสาธิตที่ไม่มีมูลค่าและถอนไปยังบัญชีธนาคารหรือกระเป๋าเงินจริงไม่ได้</p><p>ราคามาจากฟีดตลาดของแอป และคำสั่งซื้อขายจับคู่ภายในเดโมนี้เท่านั้น ส่วนอื่นทำงานเหมือนจริงทั้งหมด: การยืนยันตัวตน รหัสผ่านการชำระเงิน วงเงิน และประวัติ</p>',
    ],
    news_liquidation: [
      'ฟิวเจอร์ส: เห็นราคาชำระบัญชีก่อนเปิดสถานะ',
      'ทุกคำสั่งฟิวเจอร์สแสดงมาร์จิ้น ค่าธรรมเนียม และราคาชำระบัญชีก่อนยืนยัน',
      '<p>ฟิวเจอร์สใช้มาร์จิ้นแบบแยก: แต่ละสถานะเสี่ยงเฉพาะมาร์จิ้นที่คุณใส่ไว้</p><ul><li>หน้ายืนยันคำสั่งแสดงมาร์จิ้น ค่าธรรมเนียม และราคาชำระบัญชีโดยประมาณ</li><li>ตั้งทำกำไรและตัดขาดทุนได้ตอนเปิดหรือภายหลัง</li><li>เลเวอเรจยิ่งสูง ราคาชำระบัญชียิ่งใกล้ราคาเข้า</li></ul><p>ฟิวเจอร์สมีความเสี่ยงสูง: เทรดด้วยเงินที่คุณรับการสูญเสียได้เท่านั้น</p>',
    ],
    news_security: [
      'ห้านิสัยที่ช่วยให้บัญชีปลอดภัย',
      'รหัส รหัสผ่าน และอุปกรณ์: สิ่งที่เราจะไม่ขอจากคุณ',
      '<ol><li>อย่าบอกรหัสยืนยันกับใคร เจ้าหน้าที่ของเราจะไม่ขอเด็ดขาด</li><li>ใช้รหัสผ่านเข้าสู่ระบบที่ไม่ใช้ที่อื่น และใช้รหัสผ่านการชำระเงินที่ต่างกัน</li><li>ผูกทั้งอีเมลและมือถือเพื่อให้กู้คืนบัญชีได้เสมอ</li><li>ตรวจสอบอุปกรณ์ที่เข้าสู่ระบบในหน้าความปลอดภัย และออกจากอุปกรณ์ที่ไม่รู้จัก</li><li>ตรวจที่อยู่ถอนเงินสองครั้ง: การโอนบนบล็อกเชนย้อนกลับไม่ได้</li></ol>',
    ],
    banner_demo: ['ลองทุกฟีเจอร์โดยไม่มีความเสี่ยง', 'เงินสาธิตไม่มีมูลค่า: ที่นี่ไม่มีเงินจริง', ''],
    banner_security: ['ปกป้องบัญชีของคุณ', 'ห้านิสัยที่คุ้มค่าสองนาที', ''],
    banner_futures: ['รู้ราคาชำระบัญชีของคุณ', 'แสดงก่อนทุกคำสั่งฟิวเจอร์ส', ''],
    popup_welcome: [
      'ยินดีต้อนรับสู่เดโม',
      'ยอดเงินที่นี่เป็นเงินสาธิตที่ไม่มีมูลค่า',
      '<p>ทุกฟีเจอร์ในแอปใช้งานได้ แต่เงินไม่ใช่ของจริง: ยอดเงินเป็นเงินสาธิตและถอนไปยังธนาคารหรือกระเป๋าเงินจริงไม่ได้</p><p>ลองเทรด ฟิวเจอร์ส การเงิน และ NFT ได้อย่างอิสระ</p>',
    ],
    faq_register: [
      'สมัครบัญชีอย่างไร?',
      '',
      '<p>แตะสมัคร ใส่อีเมลหรือเบอร์มือถือ ขอรหัสยืนยัน 6 หลัก และตั้งรหัสผ่านที่ยาวกว่า 6 ตัวอักษร รหัสเชิญไม่บังคับ</p>',
    ],
    faq_identity: [
      'การยืนยันตัวตนสองระดับต่างกันอย่างไร?',
      '',
      '<p>ระดับ 1 (พื้นฐาน) ขอประเภทเอกสาร ชื่อ และหมายเลข ระดับ 2 (ขั้นสูง) เพิ่มรูปเอกสารและรูปคุณถือเอกสาร ทั้งสองระดับต้องผูกอีเมลและมือถือก่อน และเจ้าหน้าที่ตรวจสอบทุกคำขอ</p>',
    ],
    faq_recharge: [
      'เติมเงินอย่างไร?',
      '',
      '<p>เปิดสินทรัพย์ แตะเติมเงิน เลือกเหรียญและเครือข่าย โอนไปยังที่อยู่ที่แสดง แล้วอัปโหลดหลักฐานการชำระเงิน หน้าจอแสดงเวลาที่คาดว่าจะเข้า ยอดจะเข้าบัญชีหลังการตรวจสอบ</p>',
    ],
    faq_withdraw_time: [
      'ถอนเงินใช้เวลานานเท่าไร?',
      '',
      '<p>การถอนจะถูกตรวจสอบก่อนส่ง การถอนไปยังที่อยู่กระเป๋าเงินจะเข้าเมื่อเครือข่ายยืนยัน การโอนผ่านธนาคารต่างประเทศ (SWIFT) ใช้เวลา 5-7 วันทำการ</p>',
    ],
    faq_limits: [
      'มีวงเงินถอนหรือไม่?',
      '',
      '<p>มี ยืนยันระดับ 1 ถอนได้สูงสุดเทียบเท่า 200 BTC ต่อ 24 ชั่วโมง ระดับ 2 สูงสุด 500 BTC การถอนต้องยืนยันอย่างน้อยระดับ 1</p>',
    ],
    faq_pay_password: [
      'รหัสผ่านการชำระเงินคืออะไร?',
      '',
      '<p>รหัสผ่านที่สอง ต่างจากรหัสผ่านเข้าสู่ระบบ ใช้ยืนยันการถอนและการชำระเงินอื่น ๆ ใส่ผิด 5 ครั้งจะถูกล็อกชั่วคราวเพื่อปกป้องเงินของคุณ</p>',
    ],
    faq_liquidation: [
      'สถานะฟิวเจอร์สถูกชำระบัญชีเมื่อไร?',
      '',
      '<p>เมื่อราคามาร์กถึงราคาชำระบัญชีของสถานะ ซึ่งแสดงในหน้ายืนยันคำสั่งและในสถานะของคุณ คุณเสียเฉพาะมาร์จิ้นของสถานะนั้น (มาร์จิ้นแบบแยก)</p>',
    ],
    faq_lock_penalty: [
      'ออกจากการล็อกขุดก่อนกำหนดได้หรือไม่?',
      '',
      '<p>ได้ ค่าปรับการไถ่ถอนก่อนกำหนด = อัตราค่าปรับของผลิตภัณฑ์ × จำนวนวันที่เหลือ × จำนวนที่ล็อก เช่น 0.4% × 3 วัน × 1,000 USDT = 12 USDT จึงได้คืน 988 USDT</p>',
    ],
    page_aboutus: [
      'เกี่ยวกับเรา',
      '',
      '<p>แอปนี้รวมการเทรดสปอต ฟิวเจอร์ส สัญญาวินาที การเทรดตาม ผลิตภัณฑ์การเงิน และตลาด NFT ไว้ในเว็บแอปมือถือเดียว ใช้งานออฟไลน์ได้และรองรับ 8 ภาษา</p><p>อินสแตนซ์นี้เป็นเดโม: ยอดเงินไม่ใช่เงินจริง เราเปิดเผยค่าธรรมเนียม อัตรา และกฎไว้ในแอป และไม่เคยแสดงจำนวนผู้ใช้หรือผู้ติดตามที่แต่งขึ้น</p>',
    ],
    page_contactus: [
      'ติดต่อเรา',
      '',
      '<p>วิธีที่เร็วที่สุดคือปุ่มบริการลูกค้าในแอป: เจ้าหน้าที่จะตอบในแชท</p><p>อีเมล: <a href="mailto:support@example.com">support@example.com</a></p><p>เราจะไม่ขอรหัสผ่าน รหัสผ่านการชำระเงิน หรือรหัสยืนยันของคุณ</p>',
    ],
    page_compliance: [
      'การปฏิบัติตามกฎระเบียบ',
      '',
      '<h3>บริการสาธิต</h3><p>อินสแตนซ์นี้ทำงานในโหมดสาธิต ไม่มีใบอนุญาตให้บริการทางการเงินและไม่รับเงินฝากจริง</p><h3>การรู้จักลูกค้า</h3><p>การถอนต้องยืนยันตัวตน (ระดับ 1 และ 2) และผูกอีเมลและมือถือ เจ้าหน้าที่ตรวจสอบการเติมเงิน การถอน และข้อมูลตัวตน และบันทึกทุกการตัดสินใจ</p><h3>ความเสี่ยง</h3><p>สินทรัพย์คริปโตผันผวนสูง ฟิวเจอร์สและสัญญาวินาทีอาจเสียเงินทั้งหมด การลงทุนสองสกุลเงินไม่คุ้มครองเงินต้น ตรวจสอบกฎของประเทศคุณก่อนใช้บริการลักษณะนี้</p>',
    ],
  },
  jp: {
    news_demo: [
      'このデモの仕組み',
      'ここでの残高はデモ資金です。リスクなしですべての機能を試せます。',
      '<p>このサイトはデモモードで動作しています。新しいアカウントには価値のないデモ資金が付与され、実在の銀行口座やウォレットへ出金することはできません。</p><p>価格はアプリの相場フィードに基づき、注文はこのデモ内でのみ約定します。それ以外は本番と同じです：本人確認、支払いパスワード、限度額、履歴。</p>',
    ],
    news_liquidation: [
      '先物：建玉の前に清算価格を確認',
      'すべての先物注文で、確定前に証拠金・手数料・清算価格を表示します。',
      '<p>先物は分離証拠金です。各ポジションのリスクは、そこに入れた証拠金に限られます。</p><ul><li>注文確認画面に証拠金、手数料、推定清算価格を表示します。</li><li>利確・損切りは建玉時にも後からでも設定できます。</li><li>レバレッジが高いほど、清算価格は建値に近づきます。</li></ul><p>先物はリスクが高い取引です。失っても困らない資金だけで取引してください。</p>',
    ],
    news_security: [
      'アカウントを守る5つの習慣',
      'コード、パスワード、端末：私たちが決して求めないもの。',
      '<ol><li>認証コードは誰にも教えないでください。スタッフが尋ねることはありません。</li><li>ログインパスワードは他で使わないものにし、支払いパスワードとも別にしてください。</li><li>メールと携帯電話の両方を登録し、いつでもアクセスを回復できるようにしましょう。</li><li>セキュリティ画面でログイン中の端末を確認し、心当たりのない端末はログアウトしてください。</li><li>出金先アドレスは二度確認を：ブロックチェーン上の送金は取り消せません。</li></ol>',
    ],
    banner_demo: ['リスクなしで全機能を試せます', 'デモ資金に価値はなく、本物のお金はありません', ''],
    banner_security: ['アカウントを守る', '2分でできる5つの習慣', ''],
    banner_futures: ['清算価格を知る', 'すべての先物注文の前に表示', ''],
    popup_welcome: [
      'デモへようこそ',
      'ここでの残高は価値のないデモ資金です。',
      '<p>アプリの機能はすべて使えますが、お金は本物ではありません。残高はデモ資金で、実在の銀行やウォレットへは出金できません。</p><p>取引、先物、資産運用、NFT を自由にお試しください。</p>',
    ],
    faq_register: [
      'アカウントの作り方は？',
      '',
      '<p>「登録」をタップし、メールアドレスか携帯番号を入力して6桁の認証コードを受け取り、7文字以上のパスワードを設定します。招待コードは任意です。</p>',
    ],
    faq_identity: [
      '2つの認証レベルの違いは？',
      '',
      '<p>レベル1（基本）は書類の種類・氏名・番号が必要です。レベル2（上級）は書類の写真と書類を持った本人の写真も必要です。どちらもメールと携帯電話の登録が前提で、スタッフが審査します。</p>',
    ],
    faq_recharge: [
      '入金の方法は？',
      '',
      '<p>資産を開いて入金をタップし、通貨とネットワークを選び、表示されたアドレスへ送金して支払い証明をアップロードします。到着予定時間は画面に表示され、審査後に入金されます。</p>',
    ],
    faq_withdraw_time: [
      '出金にはどのくらいかかりますか？',
      '',
      '<p>出金は審査後に送金されます。ウォレットアドレスへの出金はネットワークの承認後に着金し、海外銀行送金（SWIFT）は5〜7営業日かかります。</p>',
    ],
    faq_limits: [
      '出金限度額はありますか？',
      '',
      '<p>あります。レベル1では24時間あたり200 BTC相当まで、レベル2では500 BTC相当まで出金できます。出金には少なくともレベル1が必要です。</p>',
    ],
    faq_pay_password: [
      '支払いパスワードとは？',
      '',
      '<p>ログインパスワードとは別の2つ目のパスワードで、出金などの支払いを確認します。5回間違えると、資金を守るため一時的にロックされます。</p>',
    ],
    faq_liquidation: [
      '先物ポジションはいつ清算されますか？',
      '',
      '<p>マーク価格がポジションの清算価格に達したときです。清算価格は注文確認画面とポジション一覧に表示されます。失うのはそのポジションの証拠金だけです（分離証拠金）。</p>',
    ],
    faq_lock_penalty: [
      'ロックマイニングは途中で解約できますか？',
      '',
      '<p>できます。途中解約の違約金 = 商品の違約金率 × 残り日数 × ロック額です。例：0.4% × 3日 × 1,000 USDT = 12 USDT、返金は988 USDTです。</p>',
    ],
    page_aboutus: [
      '私たちについて',
      '',
      '<p>このアプリは、現物取引、先物、秒取引、コピートレード、資産運用商品、NFT マーケットを、オフラインでも使える8言語対応のモバイルウェブアプリにまとめたものです。</p><p>このインスタンスはデモです。残高は本物のお金ではありません。手数料・料率・ルールは小さな文字ではなくアプリ内で公開し、架空のユーザー数やフォロワー数を表示することはありません。</p>',
    ],
    page_contactus: [
      'お問い合わせ',
      '',
      '<p>いちばん早いのはアプリ内のカスタマーサービスボタンです。スタッフがチャットでお答えします。</p><p>メール：<a href="mailto:support@example.com">support@example.com</a></p><p>パスワード、支払いパスワード、認証コードをお尋ねすることは決してありません。</p>',
    ],
    page_compliance: [
      '運営コンプライアンス',
      '',
      '<h3>デモサービス</h3><p>このインスタンスはデモモードで動作しており、金融サービスのライセンスは持たず、実際の預金も受け付けません。</p><h3>本人確認</h3><p>出金には本人確認（レベル1・2）とメール・携帯電話の登録が必要です。入金・出金・本人確認はスタッフが審査し、すべての判断を記録します。</p><h3>リスク</h3><p>暗号資産は価格変動が大きく、先物や秒取引では元本をすべて失うことがあります。デュアル投資は元本保証ではありません。このようなサービスを使う前に、お住まいの国の規制をご確認ください。</p>',
    ],
  },
  kor: {
    news_demo: [
      '이 데모는 이렇게 작동합니다',
      '여기 잔액은 데모 자금입니다. 위험 없이 모든 기능을 써 보세요.',
      '<p>이 사이트는 데모 모드로 운영됩니다. 새 계정에는 가치가 없는 데모 자금이 지급되며 실제 은행 계좌나 지갑으로 출금할 수 없습니다.</p><p>가격은 앱의 시세 피드를 따르고 주문은 이 데모 안에서만 체결됩니다. 그 밖의 모든 것은 실제와 같습니다: 본인 인증, 결제 비밀번호, 한도, 기록.</p>',
    ],
    news_liquidation: [
      '선물: 진입 전에 청산 가격 확인',
      '모든 선물 주문은 확인 전에 증거금, 수수료, 청산 가격을 보여 줍니다.',
      '<p>선물은 격리 증거금 방식입니다. 각 포지션은 넣은 증거금만 위험에 노출됩니다.</p><ul><li>주문 확인 화면에 증거금, 수수료, 예상 청산 가격이 표시됩니다.</li><li>익절과 손절은 진입할 때나 나중에 설정할 수 있습니다.</li><li>레버리지가 높을수록 청산 가격이 진입 가격에 가까워집니다.</li></ul><p>선물은 위험합니다. 잃어도 괜찮은 자금으로만 거래하세요.</p>',
    ],
    news_security: [
      '계정을 지키는 다섯 가지 습관',
      '인증 코드, 비밀번호, 기기: 저희가 절대 요구하지 않는 것.',
      '<ol><li>인증 코드를 누구에게도 알려 주지 마세요. 직원은 절대 요구하지 않습니다.</li><li>다른 곳에서 쓰지 않는 로그인 비밀번호를 쓰고, 결제 비밀번호는 따로 정하세요.</li><li>이메일과 휴대폰을 모두 연결해 언제든 계정을 복구할 수 있게 하세요.</li><li>보안 화면에서 로그인된 기기를 확인하고 모르는 기기는 로그아웃하세요.</li><li>출금 주소는 두 번 확인하세요. 블록체인 전송은 되돌릴 수 없습니다.</li></ol>',
    ],
    banner_demo: ['위험 없이 모든 기능을 써 보세요', '데모 자금은 가치가 없으며 실제 돈이 아닙니다', ''],
    banner_security: ['계정을 안전하게', '2분이면 되는 다섯 가지 습관', ''],
    banner_futures: ['청산 가격을 확인하세요', '모든 선물 주문 전에 표시', ''],
    popup_welcome: [
      '데모에 오신 것을 환영합니다',
      '여기 잔액은 가치가 없는 데모 자금입니다.',
      '<p>앱의 모든 기능이 작동하지만 돈은 진짜가 아닙니다. 잔액은 데모 자금이며 실제 은행이나 지갑으로 출금할 수 없습니다.</p><p>거래, 선물, 금융 상품, NFT를 자유롭게 둘러보세요.</p>',
    ],
    faq_register: [
      '계정은 어떻게 만드나요?',
      '',
      '<p>회원가입을 누르고 이메일이나 휴대폰 번호를 입력한 뒤 6자리 인증 코드를 받아 6자를 넘는 비밀번호를 정하세요. 초대 코드는 선택입니다.</p>',
    ],
    faq_identity: [
      '두 가지 인증 단계는 어떻게 다른가요?',
      '',
      '<p>1단계(기본)는 신분증 종류, 이름, 번호가 필요합니다. 2단계(고급)는 신분증 사진과 신분증을 든 본인 사진이 추가로 필요합니다. 둘 다 이메일과 휴대폰 연결이 필요하며 직원이 심사합니다.</p>',
    ],
    faq_recharge: [
      '입금은 어떻게 하나요?',
      '',
      '<p>자산에서 입금을 누르고 코인과 네트워크를 고른 뒤 표시된 주소로 보내고 결제 증빙을 올리세요. 예상 도착 시간이 화면에 표시되며 심사 후 입금됩니다.</p>',
    ],
    faq_withdraw_time: [
      '출금은 얼마나 걸리나요?',
      '',
      '<p>출금은 심사 후에 전송됩니다. 지갑 주소로의 출금은 네트워크 확인 후 도착하고, 해외 은행 송금(SWIFT)은 영업일 기준 5-7일이 걸립니다.</p>',
    ],
    faq_limits: [
      '출금 한도가 있나요?',
      '',
      '<p>있습니다. 1단계 인증은 24시간마다 200 BTC 상당까지, 2단계는 500 BTC 상당까지 출금할 수 있습니다. 출금하려면 최소 1단계 인증이 필요합니다.</p>',
    ],
    faq_pay_password: [
      '결제 비밀번호란 무엇인가요?',
      '',
      '<p>로그인 비밀번호와 다른 두 번째 비밀번호로, 출금과 기타 결제를 확인합니다. 5번 틀리면 자금 보호를 위해 잠시 잠깁니다.</p>',
    ],
    faq_liquidation: [
      '선물 포지션은 언제 청산되나요?',
      '',
      '<p>마크 가격이 포지션의 청산 가격에 도달할 때입니다. 청산 가격은 주문 확인 화면과 포지션 목록에 표시됩니다. 잃는 것은 그 포지션의 증거금뿐입니다(격리 증거금).</p>',
    ],
    faq_lock_penalty: [
      '락업 채굴을 중도에 해지할 수 있나요?',
      '',
      '<p>네. 중도 해지 위약금 = 상품의 위약금 비율 × 남은 일수 × 락업 금액입니다. 예: 0.4% × 3일 × 1,000 USDT = 12 USDT, 988 USDT가 반환됩니다.</p>',
    ],
    page_aboutus: [
      '회사 소개',
      '',
      '<p>이 앱은 현물 거래, 선물, 초 단위 계약, 카피 트레이딩, 금융 상품, NFT 마켓을 오프라인에서도 작동하고 8개 언어를 지원하는 하나의 모바일 웹 앱에 담았습니다.</p><p>이 인스턴스는 데모입니다. 잔액은 실제 돈이 아닙니다. 수수료, 요율, 규칙은 작은 글씨가 아닌 앱 안에 공개하며, 꾸며낸 사용자 수나 팔로워 수를 보여 주지 않습니다.</p>',
    ],
    page_contactus: [
      '문의하기',
      '',
      '<p>가장 빠른 방법은 앱의 고객센터 버튼입니다. 직원이 대화로 답변합니다.</p><p>이메일: <a href="mailto:support@example.com">support@example.com</a></p><p>저희는 비밀번호, 결제 비밀번호, 인증 코드를 절대 요구하지 않습니다.</p>',
    ],
    page_compliance: [
      '운영 컴플라이언스',
      '',
      '<h3>데모 서비스</h3><p>이 인스턴스는 데모 모드로 운영되며 금융 서비스 라이선스를 보유하지 않고 실제 예치금을 받지 않습니다.</p><h3>고객 확인</h3><p>출금에는 본인 인증(1단계와 2단계)과 이메일·휴대폰 연결이 필요합니다. 직원이 입금, 출금, 본인 인증 자료를 심사하며 모든 결정을 기록합니다.</p><h3>위험</h3><p>암호화폐는 변동성이 큽니다. 선물과 초 단위 계약은 원금 전부를 잃을 수 있고, 듀얼 투자는 원금 보장이 아닙니다. 이런 서비스를 이용하기 전에 거주 국가의 규정을 확인하세요.</p>',
    ],
  },
  fra: {
    news_demo: [
      'Comment fonctionne cette démo',
      'Les soldes sont des fonds de démonstration : essayez tout sans risquer d’argent.',
      '<p>Ce site fonctionne en mode démo. Les nouveaux comptes reçoivent des fonds de démonstration sans valeur, qui ne peuvent pas être retirés vers un vrai compte bancaire ou portefeuille.</p><p>Les prix suivent le flux de marché de l’application et les ordres ne sont exécutés qu’à l’intérieur de cette démo. Tout le reste fonctionne comme en vrai : vérification d’identité, mot de passe de paiement, plafonds et historiques.</p>',
    ],
    news_liquidation: [
      'Contrats à terme : votre prix de liquidation avant d’ouvrir',
      'Chaque ordre affiche la marge, les frais et le prix de liquidation avant confirmation.',
      '<p>Les contrats à terme utilisent la marge isolée : chaque position ne risque que la marge que vous y placez.</p><ul><li>La confirmation d’ordre affiche la marge, les frais et le prix de liquidation estimé.</li><li>Prise de bénéfice et stop de perte se règlent à l’ouverture ou plus tard.</li><li>Plus l’effet de levier est élevé, plus le prix de liquidation est proche du prix d’entrée.</li></ul><p>Les contrats à terme sont risqués : ne tradez qu’avec de l’argent que vous pouvez vous permettre de perdre.</p>',
    ],
    news_security: [
      'Cinq habitudes pour protéger votre compte',
      'Codes, mots de passe, appareils : ce que nous ne vous demanderons jamais.',
      '<ol><li>Ne communiquez jamais un code de vérification. Notre équipe ne vous le demandera jamais.</li><li>Utilisez un mot de passe de connexion unique, et un mot de passe de paiement différent.</li><li>Liez e-mail et mobile pour toujours pouvoir récupérer l’accès.</li><li>Consultez vos sessions actives dans Sécurité et déconnectez les appareils inconnus.</li><li>Vérifiez deux fois les adresses de retrait : un transfert sur la blockchain est irréversible.</li></ol>',
    ],
    banner_demo: [
      'Essayez tout sans risque',
      'Fonds de démonstration sans valeur : rien ici n’est de l’argent réel',
      '',
    ],
    banner_security: ['Sécurisez votre compte', 'Cinq habitudes en deux minutes', ''],
    banner_futures: ['Connaissez votre prix de liquidation', 'Affiché avant chaque ordre à terme', ''],
    popup_welcome: [
      'Bienvenue dans la démo',
      'Les soldes sont des fonds de démonstration sans valeur.',
      '<p>Toutes les fonctions de l’application marchent, mais pas l’argent : les soldes sont des fonds de démonstration et ne peuvent pas être retirés vers une vraie banque ou un vrai portefeuille.</p><p>Explorez librement le trading, les contrats à terme, la finance et les NFT.</p>',
    ],
    faq_register: [
      'Comment créer un compte ?',
      '',
      '<p>Touchez Inscription, saisissez votre e-mail ou numéro de mobile, demandez un code de vérification à 6 chiffres et choisissez un mot de passe de plus de 6 caractères. Le code d’invitation est facultatif.</p>',
    ],
    faq_identity: [
      'Quels sont les deux niveaux de vérification ?',
      '',
      '<p>Le niveau 1 (de base) demande le type de document, le nom et le numéro. Le niveau 2 (avancé) ajoute des photos du document et de vous le tenant. Les deux exigent un e-mail et un mobile liés ; notre équipe examine chaque demande.</p>',
    ],
    faq_recharge: [
      'Comment recharger ?',
      '',
      '<p>Ouvrez Actifs, touchez Recharger, choisissez la cryptomonnaie et le réseau, envoyez à l’adresse affichée et téléversez le justificatif de paiement. Le délai estimé s’affiche à l’écran ; le montant est crédité après examen.</p>',
    ],
    faq_withdraw_time: [
      'Combien de temps prend un retrait ?',
      '',
      '<p>Les retraits sont examinés avant envoi. Vers une adresse de portefeuille, ils arrivent après confirmation du réseau ; les virements bancaires internationaux (SWIFT) prennent 5 à 7 jours ouvrés.</p>',
    ],
    faq_limits: [
      'Y a-t-il des plafonds de retrait ?',
      '',
      '<p>Oui. Avec le niveau 1, vous pouvez retirer jusqu’à l’équivalent de 200 BTC par 24 heures, avec le niveau 2 jusqu’à 500 BTC. Un retrait exige au moins le niveau 1.</p>',
    ],
    faq_pay_password: [
      'Qu’est-ce que le mot de passe de paiement ?',
      '',
      '<p>Un second mot de passe, différent de celui de connexion, qui confirme les retraits et autres paiements. Après 5 essais erronés, il est bloqué un moment pour protéger vos fonds.</p>',
    ],
    faq_liquidation: [
      'Quand une position à terme est-elle liquidée ?',
      '',
      '<p>Quand le prix de référence atteint son prix de liquidation, affiché à la confirmation d’ordre et dans vos positions. Seule la marge de cette position est perdue (marge isolée).</p>',
    ],
    faq_lock_penalty: [
      'Puis-je quitter le minage bloqué plus tôt ?',
      '',
      '<p>Oui. La pénalité de rachat anticipé = taux de pénalité du produit × jours restants × montant bloqué. Par exemple 0,4 % × 3 jours × 1 000 USDT = 12 USDT : 988 USDT vous sont rendus.</p>',
    ],
    page_aboutus: [
      'À propos',
      '',
      '<p>Cette application réunit trading au comptant, contrats à terme, contrats à la seconde, copy trading, produits financiers et une place de marché NFT dans une seule application web mobile, utilisable hors ligne et en 8 langues.</p><p>Cette instance est une démonstration : ses soldes ne sont pas de l’argent réel. Nous publions nos frais, taux et règles dans l’application plutôt qu’en petits caractères, et n’affichons jamais de nombres d’utilisateurs ou d’abonnés inventés.</p>',
    ],
    page_contactus: [
      'Nous contacter',
      '',
      '<p>Le plus rapide est le bouton service client de l’application : un membre de l’équipe vous répond dans la conversation.</p><p>E-mail : <a href="mailto:support@example.com">support@example.com</a></p><p>Nous ne vous demanderons jamais votre mot de passe, votre mot de passe de paiement ni vos codes de vérification.</p>',
    ],
    page_compliance: [
      'Conformité opérationnelle',
      '',
      '<h3>Service de démonstration</h3><p>Cette instance fonctionne en mode démo. Elle ne détient aucune licence de services financiers et n’accepte aucun dépôt réel.</p><h3>Connaissance du client</h3><p>Les retraits exigent une vérification d’identité (niveaux 1 et 2) ainsi qu’un e-mail et un mobile liés. Notre équipe examine recharges, retraits et dossiers d’identité, et chaque décision est enregistrée.</p><h3>Risques</h3><p>Les cryptoactifs sont volatils. Les contrats à terme et à la seconde peuvent faire perdre toute la mise ; l’investissement bi-devise n’est pas garanti en capital. Vérifiez les règles de votre pays avant d’utiliser un tel service.</p>',
    ],
  },
  spa: {
    news_demo: [
      'Cómo funciona esta demo',
      'Los saldos son fondos de demostración: pruebe todo sin arriesgar dinero.',
      '<p>Este sitio funciona en modo demo. Las cuentas nuevas reciben fondos de demostración sin valor, que no pueden retirarse a una cuenta bancaria ni a un monedero reales.</p><p>Los precios siguen el flujo de mercado de la aplicación y las órdenes solo se casan dentro de esta demo. Todo lo demás funciona como de verdad: verificación de identidad, contraseña de pago, límites e historiales.</p>',
    ],
    news_liquidation: [
      'Futuros: vea su precio de liquidación antes de abrir',
      'Cada orden de futuros muestra margen, comisión y precio de liquidación antes de confirmar.',
      '<p>Los futuros usan margen aislado: cada posición solo arriesga el margen que usted le asigna.</p><ul><li>La confirmación de la orden muestra margen, comisión y precio de liquidación estimado.</li><li>La toma de ganancias y el stop de pérdidas se fijan al abrir o después.</li><li>Cuanto mayor el apalancamiento, más cerca está el precio de liquidación del de entrada.</li></ul><p>Los futuros son arriesgados: opere solo con dinero que pueda permitirse perder.</p>',
    ],
    news_security: [
      'Cinco hábitos para proteger su cuenta',
      'Códigos, contraseñas y dispositivos: lo que nunca le pediremos.',
      '<ol><li>No comparta nunca un código de verificación. Nuestro equipo jamás se lo pedirá.</li><li>Use una contraseña de acceso que no use en otro sitio y una contraseña de pago distinta.</li><li>Vincule correo y móvil para poder recuperar siempre el acceso.</li><li>Revise sus sesiones activas en Seguridad y cierre las de dispositivos que no conozca.</li><li>Compruebe dos veces las direcciones de retiro: una transferencia en la blockchain no se puede revertir.</li></ol>',
    ],
    banner_demo: ['Pruébelo todo sin riesgo', 'Fondos de demostración sin valor: aquí nada es dinero real', ''],
    banner_security: ['Proteja su cuenta', 'Cinco hábitos en dos minutos', ''],
    banner_futures: ['Conozca su precio de liquidación', 'Se muestra antes de cada orden de futuros', ''],
    popup_welcome: [
      'Bienvenido a la demo',
      'Los saldos son fondos de demostración sin valor.',
      '<p>Todo en la aplicación funciona, pero el dinero no es real: los saldos son fondos de demostración y no pueden retirarse a un banco o monedero reales.</p><p>Explore con libertad el trading, los futuros, las finanzas y los NFT.</p>',
    ],
    faq_register: [
      '¿Cómo creo una cuenta?',
      '',
      '<p>Toque Registrarse, introduzca su correo o número de móvil, solicite un código de verificación de 6 dígitos y elija una contraseña de más de 6 caracteres. El código de invitación es opcional.</p>',
    ],
    faq_identity: [
      '¿Cuáles son los dos niveles de verificación?',
      '',
      '<p>El nivel 1 (básico) pide el tipo de documento, el nombre y el número. El nivel 2 (avanzado) añade fotos del documento y de usted sosteniéndolo. Ambos requieren correo y móvil vinculados; nuestro equipo revisa cada solicitud.</p>',
    ],
    faq_recharge: [
      '¿Cómo recargo?',
      '',
      '<p>Abra Activos, toque Recargar, elija la moneda y la red, envíe a la dirección mostrada y suba el comprobante de pago. El tiempo estimado aparece en pantalla; el importe se abona tras la revisión.</p>',
    ],
    faq_withdraw_time: [
      '¿Cuánto tarda un retiro?',
      '',
      '<p>Los retiros se revisan antes de enviarse. A una dirección de monedero llegan tras la confirmación de la red; las transferencias bancarias internacionales (SWIFT) tardan de 5 a 7 días hábiles.</p>',
    ],
    faq_limits: [
      '¿Hay límites de retiro?',
      '',
      '<p>Sí. Con el nivel 1 puede retirar hasta el equivalente de 200 BTC cada 24 horas, con el nivel 2 hasta 500 BTC. Para retirar se necesita al menos el nivel 1.</p>',
    ],
    faq_pay_password: [
      '¿Qué es la contraseña de pago?',
      '',
      '<p>Una segunda contraseña, distinta de la de acceso, que confirma retiros y otros pagos. Tras 5 intentos fallidos se bloquea un tiempo para proteger sus fondos.</p>',
    ],
    faq_liquidation: [
      '¿Cuándo se liquida una posición de futuros?',
      '',
      '<p>Cuando el precio de referencia alcanza su precio de liquidación, que se muestra en la confirmación de la orden y en sus posiciones. Solo se pierde el margen de esa posición (margen aislado).</p>',
    ],
    faq_lock_penalty: [
      '¿Puedo salir antes de la minería bloqueada?',
      '',
      '<p>Sí. La penalización por rescate anticipado = tasa de penalización del producto × días restantes × importe bloqueado. Por ejemplo 0,4 % × 3 días × 1.000 USDT = 12 USDT, y se devuelven 988 USDT.</p>',
    ],
    page_aboutus: [
      'Quiénes somos',
      '',
      '<p>Esta aplicación reúne trading al contado, futuros, contratos por segundos, copy trading, productos financieros y un mercado de NFT en una sola aplicación web móvil que funciona sin conexión y en 8 idiomas.</p><p>Esta instancia es una demostración: sus saldos no son dinero real. Publicamos comisiones, tasas y reglas dentro de la aplicación y no en letra pequeña, y nunca mostramos cifras inventadas de usuarios o seguidores.</p>',
    ],
    page_contactus: [
      'Contacto',
      '',
      '<p>Lo más rápido es el botón de atención al cliente de la aplicación: un miembro del equipo le responde en la conversación.</p><p>Correo: <a href="mailto:support@example.com">support@example.com</a></p><p>Nunca le pediremos su contraseña, su contraseña de pago ni sus códigos de verificación.</p>',
    ],
    page_compliance: [
      'Cumplimiento operativo',
      '',
      '<h3>Servicio de demostración</h3><p>Esta instancia funciona en modo demo. No tiene licencia para prestar servicios financieros ni acepta depósitos reales.</p><h3>Conozca a su cliente</h3><p>Los retiros requieren verificación de identidad (niveles 1 y 2) y correo y móvil vinculados. Nuestro equipo revisa recargas, retiros y datos de identidad, y cada decisión queda registrada.</p><h3>Riesgos</h3><p>Los criptoactivos son volátiles. Los futuros y los contratos por segundos pueden perder todo lo invertido; la inversión dual no garantiza el capital. Consulte las normas de su país antes de usar un servicio así.</p>',
    ],
  },
};
