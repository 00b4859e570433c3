/** Whether a user agent is a phone or tablet (ST-09: the wallet is refreshed when such a page shows again). */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|IEMobile|Opera Mini/i.test(userAgent);
}
