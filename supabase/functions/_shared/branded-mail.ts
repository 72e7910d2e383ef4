/**
 * The one layout every mail of the venue uses (booking mails here, the auth
 * mails in the backend): the venue's name as a header, a heading, paragraphs,
 * an optional table of details, an optional inline image, a primary button,
 * further links and a footer. Returns the subject with a plain-text part and
 * an HTML part that say the same. Only depends on the venue's facts: the edge
 * functions (Deno) import it, the backend (Node) draws its auth mails from a copy
 * that copy-mail-layout.mjs writes.
 */

export interface MailAction {
  label: string;
  url: string;
}

export interface BrandedMailInput {
  subject: string;
  heading: string;
  /** Plain-text paragraphs (escaped in the HTML part). */
  paragraphs: string[];
  /** Label/value rows, e.g. Booking code, Event, Date. */
  details?: ReadonlyArray<readonly [string, string]>;
  /** The main thing to do, drawn as a button (and written out in the text part). */
  action?: MailAction;
  /** Further links under the button, e.g. Add to Google Calendar, Cancel booking. */
  links?: MailAction[];
  /** An image sent as an inline attachment (cid:) with its text alternative. */
  image?: { cid: string; alt: string; size: number };
  /** Small print under the message; defaults to the venue's name. */
  footer?: string[];
  /** The venue's name from its record (the mail's header and default footer). */
  venueName: string;
}

export interface BrandedMail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const colors = {
  page: '#f4f1ec',
  card: '#ffffff',
  brand: '#1b1026',
  accent: '#c9a227',
  ink: '#1f1a24',
  muted: '#6b6472',
} as const;

const font = "font-family:Georgia,'Times New Roman',serif";
const sans = 'font-family:Helvetica,Arial,sans-serif';

export function brandedMail(input: BrandedMailInput): BrandedMail {
  const venueName = input.venueName;
  const details = input.details ?? [];
  const links = input.links ?? [];
  const footer = input.footer ?? [venueName];

  const text = [
    venueName.toUpperCase(),
    '',
    input.heading,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(details.length ? [...details.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(input.action ? [`${input.action.label}: ${input.action.url}`, ''] : []),
    ...links.map((l) => `${l.label}: ${l.url}`),
    ...(links.length ? [''] : []),
    '--',
    ...footer,
  ].join('\n');

  const paragraphHtml = input.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;${sans};font-size:16px;line-height:24px;color:${colors.ink}">${escapeHtml(p)}</p>`,
    )
    .join('\n');
  const detailHtml = details.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 20px;border-collapse:collapse">
${details
  .map(
    ([k, v]) =>
      `<tr><th align="left" style="padding:4px 16px 4px 0;${sans};font-size:14px;color:${colors.muted};font-weight:normal">${escapeHtml(k)}</th><td style="padding:4px 0;${sans};font-size:15px;color:${colors.ink};font-weight:bold">${escapeHtml(v)}</td></tr>`,
  )
  .join('\n')}
</table>`
    : '';
  const imageHtml = input.image
    ? `<p style="margin:0 0 20px;text-align:center"><img src="cid:${escapeHtml(input.image.cid)}" width="${input.image.size}" height="${input.image.size}" alt="${escapeHtml(input.image.alt)}" style="display:inline-block;border:0"></p>`
    : '';
  const actionHtml = input.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(input.action.url)}" style="display:inline-block;background:${colors.accent};color:${colors.brand};${sans};font-size:16px;font-weight:bold;text-decoration:none;padding:12px 24px;border-radius:6px">${escapeHtml(input.action.label)}</a></p>`
    : '';
  const linksHtml = links.length
    ? `<p style="margin:0 0 16px;${sans};font-size:14px;line-height:22px">${links
        .map(
          (l) =>
            `<a href="${escapeHtml(l.url)}" style="color:${colors.brand};text-decoration:underline">${escapeHtml(l.label)}</a>`,
        )
        .join(' &nbsp;&middot;&nbsp; ')}</p>`
    : '';
  const footerHtml = footer
    .map((line) => `<p style="margin:0 0 4px">${escapeHtml(line)}</p>`)
    .join('');

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:0;background:${colors.page}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colors.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${colors.card};border-radius:8px;overflow:hidden">
<tr><td style="background:${colors.brand};padding:20px 28px;${font};font-size:20px;letter-spacing:1px;color:${colors.accent}">${escapeHtml(venueName)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 20px;${font};font-size:24px;line-height:30px;color:${colors.ink}">${escapeHtml(input.heading)}</h1>
${paragraphHtml}
${detailHtml}
${imageHtml}
${actionHtml}
${linksHtml}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #eee;${sans};font-size:12px;line-height:18px;color:${colors.muted}">${footerHtml}</td></tr>
</table></td></tr></table>
</body></html>`;

  return { subject: input.subject, html, text };
}
