/**
 * The simulated 3-D Secure challenge as a browser sees it: a page at the redirectUrl the provider
 * answered with, whose two buttons post the payer's choice back to the same address as a form. No
 * script and no styles, so its Content-Security-Policy can forbid both.
 */
export const challengePageCsp = "default-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

export function challengePage(options: { what: string; status: string }): string {
  if (options.status !== 'requires-authentication')
    return page('Sandbox 3-D Secure', `<p>${escapeHtml(options.what)}: already ${escapeHtml(options.status)}.</p>`);
  const button = (outcome: 'pass' | 'fail', label: string) =>
    `<form method="post"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
  return page(
    'Sandbox 3-D Secure',
    `<p>${escapeHtml(options.what)}</p>
<p>This is the payment provider's simulated challenge. Choose what the cardholder does.</p>
${button('pass', 'Approve')}
${button('fail', 'Decline')}`,
  );
}

export function challengeDonePage(status: string): string {
  return page('Sandbox 3-D Secure', `<p>Done: ${escapeHtml(status)}. You may close this page.</p>`);
}
