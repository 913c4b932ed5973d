import type { TaskConfig } from 'payload'

/** Sends one queued e-mail through the configured adapter (SMTP or the captured outbox). */
export const sendEmailTask: TaskConfig<{
  input: { to: string; subject: string; text: string; html: string; template: string }
  output: Record<string, never>
}> = {
  slug: 'sendEmail',
  label: 'Send e-mail',
  retries: 3,
  inputSchema: [
    { name: 'to', type: 'text', required: true },
    { name: 'subject', type: 'text', required: true },
    { name: 'text', type: 'textarea', required: true },
    { name: 'html', type: 'textarea', required: true },
    { name: 'template', type: 'text', required: true },
  ],
  outputSchema: [],
  handler: async ({ input, req }) => {
    await req.payload.sendEmail({
      to: input.to,
      subject: input.subject,
      text: input.text,
      html: input.html,
      template: input.template,
    } as never)
    return { output: {} }
  },
}
