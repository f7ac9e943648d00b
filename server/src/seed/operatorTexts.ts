/**
 * The seed's operator texts in every bundled language (OPC-3): the finance products' names and the four notices.
 * English and Chinese notices are in ./content.ts; the other 14 languages are here. The operator edits any of
 * them, or adds more, with the settings tool (`settingsCli.ts text ...`, OPC-4).
 */
import type Database from 'better-sqlite3';
import { LANGUAGE_CODES } from '../../../src/shared/schemas/dictionary';

/** The languages the app ships (LANG-1): the shared list, so a language added there is seeded here too. */
export const TEXT_LANGUAGES = LANGUAGE_CODES;

type Lang = (typeof TEXT_LANGUAGES)[number];

/** How each language names a flexible product and an N-day fixed one, after the coin. */
const PRODUCT_WORDS: Record<Lang, { flexible: string; days: (n: number) => string }> = {
  ar: { flexible: 'مرن', days: (n) => `${n} ${n <= 10 ? 'أيام' : 'يومًا'}` },
  da: { flexible: 'Fleksibel', days: (n) => `${n} dage` },
  de: { flexible: 'Flexibel', days: (n) => `${n} Tage` },
  en: { flexible: 'Flexible', days: (n) => `${n} days` },
  es: { flexible: 'Flexible', days: (n) => `${n} días` },
  fr: { flexible: 'Flexible', days: (n) => `${n} jours` },
  it: { flexible: 'Flessibile', days: (n) => `${n} giorni` },
  ja: { flexible: 'フレキシブル', days: (n) => `${n}日間` },
  ko: { flexible: '자유 예치', days: (n) => `${n}일` },
  pl: { flexible: 'Elastyczny', days: (n) => `${n} dni` },
  pt: { flexible: 'Flexível', days: (n) => `${n} dias` },
  ru: { flexible: 'Гибкий', days: (n) => `${n} дней` },
  th: { flexible: 'แบบยืดหยุ่น', days: (n) => `${n} วัน` },
  tr: { flexible: 'Esnek', days: (n) => `${n} gün` },
  vi: { flexible: 'Linh hoạt', days: (n) => `${n} ngày` },
  zh: { flexible: '活期', days: (n) => `${n} 天定期` },
};

/** The seeded products of migration 031 by their English name: coin and term (0 = flexible). */
const SEED_PRODUCTS: Record<string, { coin: string; days: number }> = {
  'USDT Flexible': { coin: 'USDT', days: 0 },
  'USDT 7 days': { coin: 'USDT', days: 7 },
  'USDT 30 days': { coin: 'USDT', days: 30 },
  'USDT 90 days': { coin: 'USDT', days: 90 },
  'BTC Flexible': { coin: 'BTC', days: 0 },
  'ETH 30 days': { coin: 'ETH', days: 30 },
};

/** The seed product's name in every language but English, or undefined for a name the seed did not give. */
export function seedProductNames(englishName: string): Partial<Record<Lang, string>> | undefined {
  const p = SEED_PRODUCTS[englishName];
  if (!p) return undefined;
  const out: Partial<Record<Lang, string>> = {};
  for (const lang of TEXT_LANGUAGES) {
    if (lang === 'en') continue;
    const w = PRODUCT_WORDS[lang];
    out[lang] = `${p.coin} ${p.days === 0 ? w.flexible : w.days(p.days)}`;
  }
  return out;
}

type Text = { title: string; content: string };

/** The four seed notices (ids 1..4 of ./content.ts) in the languages content.ts does not hold. */
export const SEED_NOTICE_TEXTS: Record<number, Partial<Record<Lang, Text>>> = {
  1: {
    ar: {
      title: 'مرحبًا بك في منصة OpenEx المرجعية',
      content: 'تأتي الأسعار في هذه المنصة من محاكي للسوق. الأرصدة للتجربة فقط وليست أموالًا حقيقية.',
    },
    da: {
      title: 'Velkommen til OpenEx-referencebørsen',
      content: 'Priserne på denne børs kommer fra en markedssimulator. Saldi er kun til test og er ikke rigtige penge.',
    },
    de: {
      title: 'Willkommen bei der OpenEx-Referenzbörse',
      content:
        'Die Kurse dieser Börse stammen aus einem Marktsimulator. Guthaben dienen nur zum Testen und sind kein echtes Geld.',
    },
    es: {
      title: 'Bienvenido al exchange de referencia OpenEx',
      content:
        'Los precios de este exchange proceden de un simulador de mercado. Los saldos son solo de prueba y no son dinero real.',
    },
    fr: {
      title: 'Bienvenue sur la plateforme de référence OpenEx',
      content:
        'Les prix de cette plateforme viennent d’un simulateur de marché. Les soldes servent uniquement aux tests et ne sont pas de l’argent réel.',
    },
    it: {
      title: 'Benvenuto nell’exchange di riferimento OpenEx',
      content:
        'I prezzi di questo exchange provengono da un simulatore di mercato. I saldi servono solo per i test e non sono denaro reale.',
    },
    ja: {
      title: 'OpenEx リファレンス取引所へようこそ',
      content:
        'この取引所の価格はマーケットシミュレーターによるものです。残高はテスト用であり、実際のお金ではありません。',
    },
    ko: {
      title: 'OpenEx 레퍼런스 거래소에 오신 것을 환영합니다',
      content: '이 거래소의 가격은 시장 시뮬레이터에서 생성됩니다. 잔고는 테스트용이며 실제 돈이 아닙니다.',
    },
    pl: {
      title: 'Witamy na giełdzie referencyjnej OpenEx',
      content:
        'Ceny na tej giełdzie pochodzą z symulatora rynku. Salda służą wyłącznie do testów i nie są prawdziwymi pieniędzmi.',
    },
    pt: {
      title: 'Bem-vindo à exchange de referência OpenEx',
      content:
        'Os preços desta exchange vêm de um simulador de mercado. Os saldos servem apenas para testes e não são dinheiro real.',
    },
    ru: {
      title: 'Добро пожаловать на эталонную биржу OpenEx',
      content:
        'Цены на этой бирже формирует симулятор рынка. Балансы предназначены только для тестов и не являются реальными деньгами.',
    },
    th: {
      title: 'ยินดีต้อนรับสู่ตลาดอ้างอิง OpenEx',
      content: 'ราคาในตลาดนี้มาจากเครื่องจำลองตลาด ยอดคงเหลือมีไว้สำหรับทดสอบเท่านั้นและไม่ใช่เงินจริง',
    },
    tr: {
      title: 'OpenEx referans borsasına hoş geldiniz',
      content:
        'Bu borsadaki fiyatlar bir piyasa simülatöründen gelir. Bakiyeler yalnızca test içindir, gerçek para değildir.',
    },
    vi: {
      title: 'Chào mừng đến với sàn tham chiếu OpenEx',
      content:
        'Giá trên sàn này đến từ một trình mô phỏng thị trường. Số dư chỉ dùng để thử nghiệm, không phải tiền thật.',
    },
  },
  2: {
    ar: {
      title: 'خمسون عملة مدرجة مقابل USDT',
      content: 'التداول الفوري والعقود والعقود الثانية والخيارات متاحة لخمسين عملة معروفة.',
    },
    da: {
      title: 'Halvtreds mønter noteret mod USDT',
      content: 'Spot, kontrakter, sekundkontrakter og optioner er åbne for halvtreds kendte mønter.',
    },
    de: {
      title: 'Fünfzig Coins gegen USDT gelistet',
      content: 'Spot, Kontrakte, Sekundenkontrakte und Optionen sind für fünfzig bekannte Coins geöffnet.',
    },
    es: {
      title: 'Cincuenta monedas listadas frente a USDT',
      content: 'Spot, contratos, contratos por segundos y opciones están abiertos para cincuenta monedas conocidas.',
    },
    fr: {
      title: 'Cinquante cryptomonnaies cotées contre l’USDT',
      content:
        'Le spot, les contrats, les contrats à la seconde et les options sont ouverts pour cinquante cryptomonnaies connues.',
    },
    it: {
      title: 'Cinquanta monete quotate contro USDT',
      content: 'Spot, contratti, contratti a secondi e opzioni sono aperti per cinquanta monete note.',
    },
    ja: {
      title: '50 銘柄が USDT 建てで上場',
      content: '有名な 50 銘柄で現物、先物、秒契約、オプションの取引ができます。',
    },
    ko: {
      title: 'USDT 마켓에 50개 코인 상장',
      content: '잘 알려진 50개 코인의 현물, 선물, 초 단위 계약, 옵션 거래가 열려 있습니다.',
    },
    pl: {
      title: 'Pięćdziesiąt monet notowanych wobec USDT',
      content: 'Spot, kontrakty, kontrakty sekundowe i opcje są dostępne dla pięćdziesięciu znanych monet.',
    },
    pt: {
      title: 'Cinquenta moedas listadas contra USDT',
      content: 'Spot, contratos, contratos por segundos e opções estão abertos para cinquenta moedas conhecidas.',
    },
    ru: {
      title: 'Пятьдесят монет в паре с USDT',
      content: 'Спот, контракты, секундные контракты и опционы доступны для пятидесяти известных монет.',
    },
    th: {
      title: 'ห้าสิบเหรียญจดทะเบียนคู่กับ USDT',
      content: 'เปิดให้ซื้อขายสปอต สัญญา สัญญาวินาที และออปชันสำหรับห้าสิบเหรียญที่เป็นที่รู้จัก',
    },
    tr: {
      title: 'USDT karşısında elli coin listelendi',
      content: 'Elli tanınmış coin için spot, kontrat, saniye kontratı ve opsiyon işlemleri açık.',
    },
    vi: {
      title: 'Năm mươi đồng coin niêm yết với USDT',
      content: 'Giao ngay, hợp đồng, hợp đồng theo giây và quyền chọn đã mở cho năm mươi đồng coin nổi tiếng.',
    },
  },
  3: {
    ar: {
      title: 'مواعيد الخدمة',
      content: 'تُعالج عمليات السحب بين الساعة 11:00 و23:00 (UTC+8). تُضاف الإيداعات في أي وقت.',
    },
    da: {
      title: 'Åbningstider for udbetalinger',
      content: 'Udbetalinger behandles mellem 11:00 og 23:00 (UTC+8). Indbetalinger krediteres når som helst.',
    },
    de: {
      title: 'Bearbeitungszeiten',
      content:
        'Auszahlungen werden zwischen 11:00 und 23:00 Uhr (UTC+8) bearbeitet. Einzahlungen werden jederzeit gutgeschrieben.',
    },
    es: {
      title: 'Horario de servicio',
      content:
        'Los retiros se procesan entre las 11:00 y las 23:00 (UTC+8). Los depósitos se acreditan en cualquier momento.',
    },
    fr: {
      title: 'Horaires de traitement',
      content: 'Les retraits sont traités entre 11:00 et 23:00 (UTC+8). Les dépôts sont crédités à tout moment.',
    },
    it: {
      title: 'Orari del servizio',
      content:
        'I prelievi vengono elaborati tra le 11:00 e le 23:00 (UTC+8). I depositi vengono accreditati in qualsiasi momento.',
    },
    ja: {
      title: 'サービス時間のお知らせ',
      content: '出金は 11:00〜23:00（UTC+8）に処理されます。入金はいつでも反映されます。',
    },
    ko: {
      title: '서비스 시간 안내',
      content: '출금은 11:00~23:00(UTC+8)에 처리됩니다. 입금은 언제든지 반영됩니다.',
    },
    pl: {
      title: 'Godziny obsługi',
      content: 'Wypłaty są realizowane w godzinach 11:00–23:00 (UTC+8). Wpłaty są księgowane o każdej porze.',
    },
    pt: {
      title: 'Horário de atendimento',
      content: 'Os saques são processados entre 11:00 e 23:00 (UTC+8). Os depósitos são creditados a qualquer hora.',
    },
    ru: {
      title: 'Время обработки',
      content: 'Выводы обрабатываются с 11:00 до 23:00 (UTC+8). Депозиты зачисляются в любое время.',
    },
    th: {
      title: 'เวลาให้บริการ',
      content: 'การถอนจะดำเนินการระหว่าง 11:00 ถึง 23:00 (UTC+8) การฝากจะเข้าบัญชีได้ตลอดเวลา',
    },
    tr: {
      title: 'Hizmet saatleri',
      content: 'Çekimler 11:00 ile 23:00 (UTC+8) arasında işlenir. Yatırımlar her zaman hesaba geçer.',
    },
    vi: {
      title: 'Thời gian phục vụ',
      content: 'Lệnh rút được xử lý từ 11:00 đến 23:00 (UTC+8). Tiền nạp được ghi có bất cứ lúc nào.',
    },
  },
  4: {
    ar: { title: 'ابقَ آمنًا', content: 'لن يطلب منك موظفو OpenEx أبدًا كلمة المرور أو رموز التحقق.' },
    da: {
      title: 'Pas på dig selv',
      content: 'OpenEx-medarbejdere vil aldrig bede om din adgangskode eller dine bekræftelseskoder.',
    },
    de: {
      title: 'Bleiben Sie sicher',
      content: 'OpenEx-Mitarbeiter fragen niemals nach Ihrem Passwort oder Ihren Bestätigungscodes.',
    },
    es: {
      title: 'Protege tu cuenta',
      content: 'El personal de OpenEx nunca te pedirá tu contraseña ni tus códigos de verificación.',
    },
    fr: {
      title: 'Restez vigilant',
      content: 'L’équipe OpenEx ne vous demandera jamais votre mot de passe ni vos codes de vérification.',
    },
    it: {
      title: 'Resta al sicuro',
      content: 'Il personale di OpenEx non ti chiederà mai la password o i codici di verifica.',
    },
    ja: { title: '安全のために', content: 'OpenEx のスタッフがパスワードや認証コードを尋ねることは決してありません。' },
    ko: { title: '보안 안내', content: 'OpenEx 직원은 절대로 비밀번호나 인증 코드를 요구하지 않습니다.' },
    pl: {
      title: 'Zachowaj ostrożność',
      content: 'Pracownicy OpenEx nigdy nie poproszą o Twoje hasło ani kody weryfikacyjne.',
    },
    pt: {
      title: 'Fique seguro',
      content: 'A equipe da OpenEx nunca pedirá sua senha nem seus códigos de verificação.',
    },
    ru: {
      title: 'Будьте бдительны',
      content: 'Сотрудники OpenEx никогда не попросят ваш пароль или коды подтверждения.',
    },
    th: { title: 'รักษาความปลอดภัย', content: 'เจ้าหน้าที่ OpenEx จะไม่ขอรหัสผ่านหรือรหัสยืนยันของคุณโดยเด็ดขาด' },
    tr: { title: 'Güvende kalın', content: 'OpenEx çalışanları şifrenizi veya doğrulama kodlarınızı asla istemez.' },
    vi: { title: 'Giữ an toàn', content: 'Nhân viên OpenEx sẽ không bao giờ hỏi mật khẩu hoặc mã xác minh của bạn.' },
  },
};

/**
 * The seed's new-user notice (LOGIN_REGIS_SETTING.newUserNotice) in every bundled language but English, which is the
 * setting's own value (OPC-10).
 */
export const SEED_NEW_USER_NOTICE_EN =
  'Welcome to OpenEx. This is a reference exchange: prices are simulated and nothing is real money.';
export const SEED_NEW_USER_NOTICE: Record<Exclude<Lang, 'en'>, string> = {
  ar: 'مرحبًا بك في OpenEx. هذه منصة مرجعية: الأسعار محاكاة ولا شيء فيها أموال حقيقية.',
  da: 'Velkommen til OpenEx. Dette er en referencebørs: priserne er simulerede, og intet er rigtige penge.',
  de: 'Willkommen bei OpenEx. Dies ist eine Referenzbörse: Die Kurse sind simuliert, und nichts davon ist echtes Geld.',
  es: 'Bienvenido a OpenEx. Este es un exchange de referencia: los precios son simulados y nada es dinero real.',
  fr: 'Bienvenue sur OpenEx. Ceci est une plateforme de référence : les prix sont simulés et rien n’est de l’argent réel.',
  it: 'Benvenuto su OpenEx. Questo è un exchange di riferimento: i prezzi sono simulati e nulla è denaro reale.',
  ja: 'OpenEx へようこそ。これはリファレンス取引所です。価格はシミュレーションであり、実際のお金は一切ありません。',
  ko: 'OpenEx에 오신 것을 환영합니다. 이곳은 참조용 거래소입니다. 가격은 시뮬레이션이며 실제 돈은 없습니다.',
  pl: 'Witamy w OpenEx. To giełda referencyjna: ceny są symulowane i nic tu nie jest prawdziwymi pieniędzmi.',
  pt: 'Bem-vindo à OpenEx. Esta é uma exchange de referência: os preços são simulados e nada é dinheiro real.',
  ru: 'Добро пожаловать в OpenEx. Это эталонная биржа: цены смоделированы, и здесь нет настоящих денег.',
  th: 'ยินดีต้อนรับสู่ OpenEx นี่คือกระดานเทรดอ้างอิง ราคาเป็นการจำลองและไม่มีสิ่งใดเป็นเงินจริง',
  tr: 'OpenEx’e hoş geldiniz. Bu bir referans borsadır: fiyatlar simülasyondur ve hiçbiri gerçek para değildir.',
  vi: 'Chào mừng bạn đến với OpenEx. Đây là sàn tham chiếu: giá được mô phỏng và không có gì là tiền thật.',
  zh: '欢迎来到 OpenEx。这是一个参考交易所：价格为模拟数据，所有资金均非真实货币。',
};

/** The seed's VIP level descriptions (VIP_DIRECTIONS_SETTING `content`, by level) in English, as the setting holds them. */
export const SEED_VIP_CONTENT_EN: Record<number, string> = {
  0: 'Every new account starts here.',
  1: 'Reached with 101 USDT of trading in 30 days: 2.5 % off trading fees.',
  2: 'Reached with 501 USDT of trading in 30 days: 5 % off trading fees.',
};

/** How each language says a level's description: the start, and the volume and discount of a higher level. */
const VIP_WORDS: Record<Exclude<Lang, 'en'>, { start: string; reached: (usdt: string, pct: string) => string }> = {
  ar: {
    start: 'يبدأ كل حساب جديد من هنا.',
    reached: (u, p) => `يُبلغ بتداول ${u} USDT خلال 30 يومًا: خصم ${p} ٪ على رسوم التداول.`,
  },
  da: {
    start: 'Alle nye konti starter her.',
    reached: (u, p) => `Nås med ${u} USDT i handel på 30 dage: ${p} % rabat på handelsgebyrer.`,
  },
  de: {
    start: 'Jedes neue Konto beginnt hier.',
    reached: (u, p) => `Erreicht mit ${u} USDT Handelsvolumen in 30 Tagen: ${p} % Rabatt auf Handelsgebühren.`,
  },
  es: {
    start: 'Toda cuenta nueva empieza aquí.',
    reached: (u, p) => `Se alcanza con ${u} USDT negociados en 30 días: ${p} % de descuento en comisiones.`,
  },
  fr: {
    start: 'Tout nouveau compte commence ici.',
    reached: (u, p) => `Atteint avec ${u} USDT échangés en 30 jours : ${p} % de remise sur les frais de trading.`,
  },
  it: {
    start: 'Ogni nuovo conto parte da qui.',
    reached: (u, p) => `Si raggiunge con ${u} USDT di scambi in 30 giorni: ${p} % di sconto sulle commissioni.`,
  },
  ja: {
    start: '新しいアカウントはすべてここから始まります。',
    reached: (u, p) => `30日間の取引額 ${u} USDT で到達：取引手数料が ${p} % 割引。`,
  },
  ko: {
    start: '모든 신규 계정은 여기서 시작합니다.',
    reached: (u, p) => `30일간 ${u} USDT 거래 시 달성: 거래 수수료 ${p} % 할인.`,
  },
  pl: {
    start: 'Każde nowe konto zaczyna tutaj.',
    reached: (u, p) => `Osiągany przy obrocie ${u} USDT w 30 dni: ${p} % zniżki na opłaty transakcyjne.`,
  },
  pt: {
    start: 'Toda conta nova começa aqui.',
    reached: (u, p) => `Alcançado com ${u} USDT negociados em 30 dias: ${p} % de desconto nas taxas.`,
  },
  ru: {
    start: 'Каждый новый аккаунт начинает здесь.',
    reached: (u, p) => `Достигается при обороте ${u} USDT за 30 дней: скидка ${p} % на торговые комиссии.`,
  },
  th: {
    start: 'บัญชีใหม่ทุกบัญชีเริ่มต้นที่นี่',
    reached: (u, p) => `ได้รับเมื่อเทรดครบ ${u} USDT ใน 30 วัน: ลดค่าธรรมเนียมการเทรด ${p} %`,
  },
  tr: {
    start: 'Her yeni hesap buradan başlar.',
    reached: (u, p) => `30 günde ${u} USDT işlem hacmiyle ulaşılır: işlem ücretlerinde % ${p} indirim.`,
  },
  vi: {
    start: 'Mọi tài khoản mới đều bắt đầu từ đây.',
    reached: (u, p) => `Đạt được khi giao dịch ${u} USDT trong 30 ngày: giảm ${p} % phí giao dịch.`,
  },
  zh: { start: '每个新账户都从这里开始。', reached: (u, p) => `30 天内交易额达到 ${u} USDT：交易手续费 ${p} % 折扣。` },
};

const VIP_SEED_LEVELS: Record<number, { usdt: string; pct: Record<'dot' | 'comma', string> } | null> = {
  0: null,
  1: { usdt: '101', pct: { dot: '2.5', comma: '2,5' } },
  2: { usdt: '501', pct: { dot: '5', comma: '5' } },
};
const DECIMAL_COMMA = new Set<Lang>(['da', 'de', 'es', 'fr', 'it', 'pl', 'pt', 'ru', 'tr', 'vi']);

/** The seed's description of VIP level `level` in `lang` (not English), or undefined for a level the seed lacks. */
export function seedVipContent(level: number, lang: Exclude<Lang, 'en'>): string | undefined {
  if (!(level in VIP_SEED_LEVELS)) return undefined;
  const l = VIP_SEED_LEVELS[level];
  const w = VIP_WORDS[lang];
  return l ? w.reached(l.usdt, DECIMAL_COMMA.has(lang) ? l.pct.comma : l.pct.dot) : w.start;
}

/**
 * Writes the seed's translations of the new-user notice and the VIP descriptions (OPC-10) into `setting_texts`,
 * each only while the stored English text is still the seed's: an operator's own wording never gets them.
 */
export function seedSettingTexts(db: Database.Database): number {
  const read = (key: string): unknown => {
    const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? JSON.parse(row.value) : undefined;
  };
  const ins = db.prepare('INSERT OR IGNORE INTO setting_texts (setting_key, item, lang, text) VALUES (?, ?, ?, ?)');
  let n = 0;
  const login = read('LOGIN_REGIS_SETTING') as { newUserNotice?: string } | undefined;
  if (login?.newUserNotice === SEED_NEW_USER_NOTICE_EN)
    for (const [lang, text] of Object.entries(SEED_NEW_USER_NOTICE))
      n += ins.run('LOGIN_REGIS_SETTING', 'newUserNotice', lang, text).changes;
  const vip = read('VIP_DIRECTIONS_SETTING') as { level?: number; content?: string }[] | undefined;
  for (const d of Array.isArray(vip) ? vip : []) {
    if (typeof d.level !== 'number' || d.content !== SEED_VIP_CONTENT_EN[d.level]) continue;
    for (const lang of TEXT_LANGUAGES) {
      if (lang === 'en') continue;
      const text = seedVipContent(d.level, lang);
      if (text) n += ins.run('VIP_DIRECTIONS_SETTING', `${d.level}.content`, lang, text).changes;
    }
  }
  return n;
}
