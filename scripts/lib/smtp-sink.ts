import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/**
 * A local SMTP server that accepts every message and keeps it (tests and benches: the real
 * transport end to end, no mail leaves the machine). `messages` holds each raw message as
 * received; `messageIds()` their Message-IDs.
 */
export async function startSmtpSink() {
  const messages: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8')
      })
      stream.on('end', () => {
        messages.push(raw)
        callback()
      })
    },
  })
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  )
  return {
    port,
    messages,
    messageIds: () => messages.map((raw) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1]).filter((id): id is string => Boolean(id)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
