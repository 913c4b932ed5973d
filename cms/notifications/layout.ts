/** Plain, accessible e-mail HTML around a text body; every template also sends plain text. */
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export type EmailContent = { subject: string; text: string; html: string }

export function renderEmail(opts: {
  subject: string
  greeting: string
  paragraphs: string[]
  action?: { label: string; url: string }
}): EmailContent {
  const text = [
    opts.greeting,
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    opts.action ? `${opts.action.label}: ${opts.action.url}` : '',
    '',
    '— MentorLoop',
  ]
    .join('\n')
    .trim()
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,Segoe UI,Roboto,Arial,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(opts.greeting)}</p>
${opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${opts.action ? `<p><a href="${escapeHtml(opts.action.url)}" style="display:inline-block;background:#1e40af;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(opts.action.label)}</a></p>` : ''}
<p style="color:#475569">— MentorLoop</p>
</body></html>`
  return { subject: opts.subject, text, html }
}
