/**
 * Free email providers' domains. CRM exports fill a contact's Website or Company Domain from their
 * address, so a freelancer's row says `gmail.com`: no company's domain, and the finder would charge
 * for a guess at a personal address (the opposite of a work email). Such rows are not sent.
 *
 * The providers people really use, not every free domain there is: the published lists
 * (free-email-domains, 270 KB of mostly dynamic-DNS hosts) would be evaluated by every execution
 * of the server module, for rows that hardly ever carry them.
 */
const PROVIDERS = new Set([
  "gmail.com",
  "googlemail.com",
  "ymail.com",
  "rocketmail.com",
  "msn.com",
  "aol.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "tutanota.com",
  "fastmail.com",
  "mail.com",
  "web.de",
  "t-online.de",
  "freenet.de",
  "free.fr",
  "orange.fr",
  "laposte.net",
  "libero.it",
  "seznam.cz",
  "wp.pl",
  "o2.pl",
  "interia.pl",
  "mail.ru",
  "inbox.ru",
  "list.ru",
  "bk.ru",
  "yandex.ru",
  "yandex.com",
  "ya.ru",
  "qq.com",
  "163.com",
  "126.com",
  "sina.com",
  "naver.com",
  "daum.net",
  "hanmail.net",
  "rediffmail.com",
  "comcast.net",
  "verizon.net",
  "att.net",
  "sbcglobal.net",
  "bellsouth.net",
  "cox.net",
]);

/** Providers with a domain per country: yahoo.co.uk, hotmail.fr, outlook.de, live.be, gmx.net. */
const PROVIDER_FAMILIES =
  /^(?:yahoo|hotmail|outlook|live|gmx)\.(?:com|net|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

/** Is this bare domain (lower case, no www.) a free email provider's? */
export function isFreeMailDomain(domain: string): boolean {
  return PROVIDERS.has(domain) || PROVIDER_FAMILIES.test(domain);
}
